// Search overlay (Ctrl/Cmd+/): the user's titles and messages, at least 2 characters, up to 20 results. The box
// is a combobox: ↑/↓ move through the results (aria-selected, aria-activedescendant), Enter opens one.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare, Search } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Input, Spinner } from '@app/ui';
import { useTRPC } from '../../lib/trpc';

function Highlight({ text, query }: { text: string; query: string }) {
  const q = query.trim().toLowerCase();
  const i = q ? text.toLowerCase().indexOf(q) : -1;
  if (i < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, i)}
      <mark className="bg-primary/20 text-foreground rounded-sm px-0.5">{text.slice(i, i + q.length)}</mark>
      {text.slice(i + q.length)}
    </>
  );
}

export function SearchDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onPick: (sessionId: string) => void;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);
  const enabled = open && query.length >= 2;
  const results = useQuery({ ...trpc.chat.search.queryOptions({ query }), enabled, staleTime: 0 });
  const list = text.trim().length >= 2 ? (results.data?.results ?? []) : [];
  const [active, setActive] = useState(-1);
  useEffect(() => setActive(-1), [results.data]);
  const optionId = (i: number) => `chat-search-option-${i}`;
  const pick = (sessionId: string) => {
    onPick(sessionId);
    onOpenChange(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!list.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next =
        active < 0 ? (step > 0 ? 0 : list.length - 1) : (active + step + list.length) % list.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && active >= 0 && list[active]) {
      e.preventDefault();
      pick(list[active].sessionId);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[15%] translate-y-0 gap-0 p-0 sm:max-w-xl"
        aria-describedby="chat-search-hint"
      >
        <DialogHeader className="sr-only">
          <DialogTitle>Search chats</DialogTitle>
          <DialogDescription>Search your chat titles and messages</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2 border-b px-3 py-2">
          <Search className="text-muted-foreground size-4 shrink-0" />
          <Input
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-expanded={list.length > 0}
            aria-controls="chat-search-results"
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder="Search chats…"
            aria-label="Search chats"
            className="border-0 shadow-none focus-visible:ring-0 dark:bg-transparent"
          />
          {results.isFetching && <Spinner className="size-4" />}
        </div>
        <div className="max-h-[60vh] overflow-y-auto p-2" id="chat-search-hint">
          {text.trim().length < 2 ? (
            <p className="text-muted-foreground px-2 py-6 text-center text-sm">
              Type at least 2 characters to search
            </p>
          ) : results.isError ? (
            <p className="text-destructive px-2 py-6 text-center text-sm">Search failed. Please try again.</p>
          ) : results.data && results.data.results.length === 0 && !results.isFetching ? (
            <p className="text-muted-foreground px-2 py-6 text-center text-sm">No chats match “{query}”.</p>
          ) : (
            <ul role="listbox" aria-label="Search results" id="chat-search-results">
              {list.map((r, i) => (
                // Options are picked by click or from the box (↑/↓, Enter); focus stays in the box.
                <li
                  key={`${r.sessionId}:${r.messageId ?? 'title'}`}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  onClick={() => pick(r.sessionId)}
                  onMouseMove={() => i !== active && setActive(i)}
                  className="aria-selected:bg-accent flex w-full cursor-pointer gap-3 rounded-md px-2 py-2 text-left"
                  data-testid="chat-search-result"
                >
                  <MessageSquare className="text-muted-foreground mt-0.5 size-4 shrink-0" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">
                      <Highlight text={r.sessionTitle} query={query} />
                    </span>
                    {r.messageId && (
                      <span className="text-muted-foreground line-clamp-2 text-xs">
                        <Highlight text={r.snippet} query={query} />
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
