// Auth state (SPEC §4 Auth): signed out, or signed in with a user. At start a stored access token is
// checked by fetching the profile (the tRPC link refreshes it once if it expired); on failure the tokens
// are removed. Login stores the token and goes to /dashboard; logout revokes the refresh cookie, removes
// the tokens and goes to /login. A failed silent refresh anywhere signs the user out.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PublicUser } from '@app/api/client';
import { useTRPCClient } from '../lib/trpc';
import { getAccessToken, SESSION_EXPIRED_EVENT, setAccessToken } from '../lib/token-store';
import { serverAnswered } from './errors';

export interface LoginInput {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface AuthContextValue {
  user: PublicUser | null;
  loading: boolean;
  isAuthenticated: boolean;
  /** Signs in and goes to /dashboard; rejects with the server's error (the caller shows it). */
  login(input: LoginInput): Promise<PublicUser>;
  /** Stores the token and user after registration. */
  setSession(accessToken: string, user: PublicUser): void;
  /** Replaces the user (after a profile change). */
  setUser(user: PublicUser): void;
  /** Re-reads the profile (after a profile change or verification). */
  refreshUser(): Promise<void>;
  /** Revokes the session, removes the tokens, clears the user and goes to /login. */
  logout(): Promise<void>;
  /** Like logout, without the server call or navigation (account deleted, session expired). */
  clearSession(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [user, setUser] = useState<PublicUser | null>(null);
  const [loading, setLoading] = useState(() => !!getAccessToken());

  const clearSession = useCallback(() => {
    setAccessToken(null);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    try {
      const { user } = await client.auth.me.query();
      setUser(user);
    } catch (err) {
      // SPEC §4: a failed profile fetch signs out and removes the tokens — when the server said so. Without an
      // answer (the page left mid-request, no network) the stored token stays for the next load.
      if (serverAnswered(err)) setAccessToken(null);
      setUser(null);
    }
  }, [client]);

  // App start: a stored token means "probably signed in" until the profile says otherwise.
  useEffect(() => {
    if (!getAccessToken()) return;
    void refreshUser().finally(() => setLoading(false));
  }, [refreshUser]);

  // A failed silent refresh (lib/trpc.ts), or a logout in another tab, signs this tab out.
  useEffect(() => {
    const onExpired = () => clearSession();
    const onStorage = (e: StorageEvent) => {
      if ((e.key === 'accessToken' || e.key === null) && !getAccessToken()) clearSession();
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener('storage', onStorage);
    };
  }, [clearSession]);

  const login = useCallback(
    async (input: LoginInput) => {
      const res = await client.auth.login.mutate(input);
      setAccessToken(res.accessToken);
      setUser(res.user);
      navigate('/dashboard');
      return res.user;
    },
    [client, navigate],
  );

  const logout = useCallback(async () => {
    try {
      await client.auth.logout.mutate();
    } catch {
      // Signing out locally matters more than revoking the cookie; the server expires it anyway.
    }
    clearSession();
    navigate('/login');
  }, [client, clearSession, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      isAuthenticated: !!user,
      login,
      setSession(accessToken, u) {
        setAccessToken(accessToken);
        setUser(u);
      },
      setUser,
      refreshUser,
      logout,
      clearSession,
    }),
    [user, loading, login, refreshUser, logout, clearSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
