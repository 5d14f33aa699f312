// A worker that never finishes (a parser stuck in a loop): the pool's time limit must terminate it.
export default function spin() {
  for (;;) {
    // busy
  }
}
