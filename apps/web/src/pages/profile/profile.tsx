// /profile (SPEC §2 Profile and settings, §5, §8 Profile): profile card, billing (ProfileBillingSection),
// account settings, security (change password) and a danger zone (delete account, confirmed with the
// password). Signed-out visitors see 'Not authenticated' with 'Go to Login'. Back goes to /dashboard.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, Lock, ShieldAlert, Trash2, UserRound } from 'lucide-react';
import type { PublicUser } from '@app/api/client';
import { changePasswordFormSchema, deleteAccountSchema, updateProfileSchema } from '@app/api/schemas';
import {
  Avatar,
  AvatarFallback,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Separator,
  Spinner,
  toast,
} from '@app/ui';
import { ResendVerificationButton } from '../../components/account/resend-verification-button';
import { useAuth } from '../../auth/auth-context';
import { errorMessage } from '../../auth/errors';
import { check } from '../../auth/validation';
import { useTRPC } from '../../lib/trpc';
import { setAccessToken } from '../../lib/token-store';
import { ProfileBillingSection } from '../../components/billing/profile-billing-section';

export default function ProfilePage() {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (!user) return <NotAuthenticated />;
  return <Profile user={user} />;
}

function NotAuthenticated() {
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <Card className="w-full max-w-sm text-center">
        <CardHeader>
          <span className="bg-muted text-muted-foreground mx-auto mb-2 flex size-12 items-center justify-center rounded-xl">
            <Lock className="size-6" aria-hidden />
          </span>
          <CardTitle role="heading" aria-level={1} className="text-xl">
            Not authenticated
          </CardTitle>
          <CardDescription>Please log in to view your profile and settings.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link to="/login">Go to Login</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}

function initials(u: PublicUser) {
  return ((u.firstName[0] ?? '') + (u.lastName?.[0] ?? '')).toUpperCase() || u.email[0]!.toUpperCase();
}

function Profile({ user }: { user: PublicUser }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10">
      <Button asChild variant="ghost" className="-ml-3 mb-4">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden />
          Back
        </Link>
      </Button>
      <h1 className="text-3xl font-bold tracking-tight">Profile &amp; Settings</h1>
      <p className="text-muted-foreground mt-1">Manage your account, billing and security.</p>

      <div className="mt-8 space-y-6">
        <Card>
          <CardContent className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <Avatar className="size-16 text-xl">
              <AvatarFallback>{initials(user)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0 flex-1">
              <h2 className="truncate text-xl font-semibold">{fullName}</h2>
              <p className="text-muted-foreground truncate text-sm">{user.email}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {user.isEmailVerified ? (
                  <Badge variant="success">Email verified</Badge>
                ) : (
                  <Badge variant="warning">Email not verified</Badge>
                )}
                {user.isAdmin ? <Badge variant="secondary">Administrator</Badge> : null}
              </div>
            </div>
            {!user.isEmailVerified ? <ResendVerificationButton /> : null}
          </CardContent>
        </Card>

        <ProfileBillingSection />

        <AccountSettings user={user} />
        <Security />
        <DangerZone />
      </div>
    </div>
  );
}

function AccountSettings({ user }: { user: PublicUser }) {
  const trpc = useTRPC();
  const { setUser } = useAuth();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [email, setEmail] = useState(user.email);
  useEffect(() => {
    setFirstName(user.firstName);
    setLastName(user.lastName ?? '');
    setEmail(user.email);
  }, [user]);
  const update = useMutation(trpc.auth.updateProfile.mutationOptions());
  const dirty =
    firstName.trim() !== user.firstName ||
    (lastName.trim() || null) !== user.lastName ||
    email.trim().toLowerCase() !== user.email;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = check(updateProfileSchema, { firstName, lastName, email });
    if (!input.ok) {
      toast.error('Failed to update profile', { description: input.message });
      return;
    }
    update.mutate(input.data, {
      onSuccess: (res) => {
        // An email change ends every older access token; this device gets its fresh one here.
        if (res.accessToken) setAccessToken(res.accessToken);
        setUser(res.user);
        toast.success('Profile updated', { description: res.message });
      },
      onError: (err) =>
        toast.error('Failed to update profile', {
          description: errorMessage(err, 'Please try again later'),
        }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle role="heading" aria-level={2} className="flex items-center gap-2">
          <UserRound className="size-5" aria-hidden />
          Account Settings
        </CardTitle>
        <CardDescription>
          Your name and email address. A new email address must be verified again.
        </CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" id="profile-first-name">
            <Input
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
            />
          </FormField>
          <FormField label="Last name" id="profile-last-name">
            <Input
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
            />
          </FormField>
          <FormField label="Email" id="profile-email" className="sm:col-span-2">
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
        </CardContent>
        <CardFooter className="mt-6 justify-end">
          <Button type="submit" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function Security() {
  const trpc = useTRPC();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const change = useMutation(trpc.auth.changePassword.mutationOptions());

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = check(changePasswordFormSchema, { currentPassword, newPassword, confirmPassword });
    if (!input.ok) return void toast.error(input.message);
    change.mutate(
      { currentPassword: input.data.currentPassword, newPassword: input.data.newPassword },
      {
        onSuccess: (res) => {
          // A password change ends every older access token; this device gets its fresh one here.
          if (res.accessToken) setAccessToken(res.accessToken);
          toast.success(res.message);
          setCurrent('');
          setNew('');
          setConfirm('');
        },
        onError: (err) =>
          toast.error('Failed to change password', {
            description: errorMessage(err, 'Please try again later'),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle role="heading" aria-level={2} className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden />
          Security
        </CardTitle>
        <CardDescription>Change your password. Your other devices will be signed out.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <FormField label="Current password" id="current-password">
            <Input
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </FormField>
          <FormField label="New password" id="new-password">
            <Input
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNew(e.target.value)}
            />
          </FormField>
          <FormField label="Confirm new password" id="confirm-password">
            <Input
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </FormField>
        </CardContent>
        <CardFooter className="mt-6 justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function DangerZone() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { clearSession } = useAuth();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const del = useMutation(trpc.auth.deleteAccount.mutationOptions());

  function onConfirm(e: FormEvent) {
    e.preventDefault();
    const input = check(deleteAccountSchema, { password });
    if (!input.ok) return void toast.error(input.message);
    del.mutate(input.data, {
      onSuccess: () => {
        setOpen(false);
        clearSession();
        toast.success('Account deleted', {
          description: 'Your account and all its data have been deleted.',
        });
        navigate('/');
      },
      onError: (err) =>
        toast.error('Failed to delete account', {
          description: errorMessage(err, 'Please try again later'),
        }),
    });
  }

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle role="heading" aria-level={2} className="text-destructive flex items-center gap-2">
          <ShieldAlert className="size-5" aria-hidden />
          Danger Zone
        </CardTitle>
        <CardDescription>
          Deleting your account removes your chats, assistant sessions, files and settings, and cancels your
          subscription. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Separator className="mb-4" />
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden />
          Delete Account
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setPassword('');
        }}
      >
        <DialogContent>
          <form onSubmit={onConfirm} noValidate className="space-y-4">
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                This permanently deletes your account and all of its data, and cancels your subscription.
                Enter your password to confirm.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Password" id="delete-password">
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={del.isPending}>
                {del.isPending ? 'Deleting…' : 'Delete Account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
