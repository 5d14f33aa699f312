// The session sidebar: new chat, search, the sessions with date labels, rename and delete (hidden when
// only one session remains), and a way back to the dashboard. Texts default to the chat's.
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, MessageSquare, MoreHorizontal, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Input,
  Label,
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuAction,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  useSidebar,
} from '@app/ui';
import { dateLabel } from './conversation-utils';
import type { ConversationSession } from './types';

export const CHAT_SIDEBAR_LABELS = {
  newSession: 'New chat',
  search: 'Search chats',
  group: 'Chats',
  list: 'Chat sessions',
  empty: 'No chats yet. Start a new one.',
  renameTitle: 'Rename conversation',
  renameDescription: 'Give this chat a name you will recognise later.',
  deleteTitle: 'Delete this chat?',
};
export type SidebarLabels = typeof CHAT_SIDEBAR_LABELS;

export function SessionSidebar({
  sessions,
  loading,
  currentId,
  onSelect,
  onNew,
  onSearch,
  onRename,
  onDelete,
  labels = CHAT_SIDEBAR_LABELS,
}: {
  sessions: ConversationSession[];
  loading: boolean;
  currentId?: string;
  onSelect: (id: string) => void;
  onNew: () => void;
  /** Without it, no search button. */
  onSearch?: () => void;
  onRename: (id: string, title: string) => Promise<boolean>;
  onDelete: (id: string) => void;
  labels?: SidebarLabels;
}) {
  const { isMobile, setOpenMobile } = useSidebar();
  const [renaming, setRenaming] = useState<ConversationSession | null>(null);
  const [title, setTitle] = useState('');
  const [deleting, setDeleting] = useState<ConversationSession | null>(null);
  const closeMobile = () => isMobile && setOpenMobile(false);
  const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

  return (
    <Sidebar>
      <SidebarHeader className="gap-2">
        <Button
          onClick={() => {
            onNew();
            closeMobile();
          }}
          className="w-full justify-start"
          title={`${labels.newSession} (${mod}N or ${mod}Shift+O)`}
        >
          <Plus /> {labels.newSession}
        </Button>
        {onSearch && (
          <Button
            variant="outline"
            onClick={() => {
              onSearch();
              closeMobile();
            }}
            className="w-full justify-start"
            title={`Search (${mod}/)`}
          >
            <Search /> {labels.search}
            <span className="text-muted-foreground ml-auto text-xs">{mod}/</span>
          </Button>
        )}
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>{labels.group}</SidebarGroupLabel>
          <SidebarGroupContent>
            <SidebarMenu aria-label={labels.list}>
              {loading && sessions.length === 0
                ? Array.from({ length: 4 }, (_, i) => (
                    <SidebarMenuItem key={i}>
                      <SidebarMenuSkeleton />
                    </SidebarMenuItem>
                  ))
                : sessions.map((s) => (
                    <SidebarMenuItem key={s.id} data-testid="chat-session">
                      <SidebarMenuButton
                        isActive={s.id === currentId}
                        onClick={() => {
                          onSelect(s.id);
                          closeMobile();
                        }}
                        className="h-auto py-2 pr-8"
                      >
                        <MessageSquare className="mt-0.5 self-start" />
                        <span className="flex min-w-0 flex-1 flex-col">
                          <span className="truncate" data-testid="chat-session-title">
                            {s.title}
                          </span>
                          <span className="text-muted-foreground text-xs">
                            {dateLabel(new Date(s.updatedAt))}
                          </span>
                        </span>
                      </SidebarMenuButton>
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <SidebarMenuAction showOnHover aria-label={`Actions for ${s.title}`}>
                            <MoreHorizontal />
                          </SidebarMenuAction>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent side="right" align="start">
                          <DropdownMenuItem
                            onSelect={() => {
                              setTitle(s.title);
                              setRenaming(s);
                            }}
                          >
                            <Pencil /> Rename
                          </DropdownMenuItem>
                          {sessions.length > 1 && (
                            <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(s)}>
                              <Trash2 /> Delete
                            </DropdownMenuItem>
                          )}
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </SidebarMenuItem>
                  ))}
              {!loading && sessions.length === 0 && (
                // Inside the list's ul only an li is valid (axe 'list').
                <li className="text-muted-foreground px-2 py-4 text-sm">{labels.empty}</li>
              )}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <Button asChild variant="ghost" className="w-full justify-start">
          <Link to="/dashboard">
            <ArrowLeft /> Back to dashboard
          </Link>
        </Button>
      </SidebarFooter>

      <Dialog open={!!renaming} onOpenChange={(o) => !o && setRenaming(null)}>
        <DialogContent>
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              if (!renaming || !title.trim()) return;
              if (await onRename(renaming.id, title.trim())) setRenaming(null);
            }}
          >
            <DialogHeader>
              <DialogTitle>{labels.renameTitle}</DialogTitle>
              <DialogDescription>{labels.renameDescription}</DialogDescription>
            </DialogHeader>
            <div className="my-4 grid gap-2">
              <Label htmlFor="chat-title">Title</Label>
              <Input
                id="chat-title"
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                maxLength={200}
                autoFocus
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!title.trim()}>
                Save
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <AlertDialog open={!!deleting} onOpenChange={(o) => !o && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{labels.deleteTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              “{deleting?.title}” and all its messages will be deleted. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (deleting) onDelete(deleting.id);
                setDeleting(null);
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Sidebar>
  );
}
