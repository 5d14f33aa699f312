// Applies the stored theme before first paint (no flash). Kept as a file so the CSP needs no inline script.
(function () {
  try {
    var t = localStorage.getItem('theme') || 'system';
    var dark = t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // storage blocked: keep the light default
  }
})();
