// Search overlay (Ctrl/Cmd+/): the user's titles and messages, at least 2 characters, up to 20 results.
import { useEffect, useState } from 'react';
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
            <ul role="listbox" aria-label="Search results">
              {results.data?.results.map((r) => (
                <li key={`${r.sessionId}:${r.messageId ?? 'title'}`}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={false}
                    onClick={() => {
                      onPick(r.sessionId);
                      onOpenChange(false);
                    }}
                    className="hover:bg-accent focus-visible:bg-accent flex w-full gap-3 rounded-md px-2 py-2 text-left outline-none"
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
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
