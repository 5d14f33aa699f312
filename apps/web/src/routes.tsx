// The route table (SPEC §2). Pages are lazy chunks, so public pages load without the signed-in app.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageSpinner } from '@app/ui';
import { RequireAdmin, RequireAuth, SignedOutOnly } from './auth/guards';
import { useAuth } from './auth/auth-context';
import { SiteLayout } from './components/layout/site-layout';
import { ScrollToTop } from './components/layout/scroll-to-top';
import { RouteTitle } from './components/layout/route-title';

const Landing = lazy(() => import('./pages/public/landing'));
const Pricing = lazy(() => import('./pages/public/pricing'));
const Contact = lazy(() => import('./pages/public/contact'));
const Privacy = lazy(() => import('./pages/public/privacy'));
const Terms = lazy(() => import('./pages/public/terms'));
const NotFound = lazy(() => import('./pages/public/not-found'));
const Login = lazy(() => import('./pages/auth/login'));
const VerifyEmail = lazy(() => import('./pages/auth/verify-email'));
const ResetPassword = lazy(() => import('./pages/auth/reset-password'));
const Trial = lazy(() => import('./pages/billing/trial'));
const Checkout = lazy(() => import('./pages/billing/checkout'));
const Portal = lazy(() => import('./pages/billing/portal'));
const Dashboard = lazy(() => import('./pages/dashboard/dashboard'));
const Profile = lazy(() => import('./pages/profile/profile'));
const Chat = lazy(() => import('./pages/chat/chat'));
const Assistant = lazy(() => import('./pages/assistant/assistant'));
const Admin = lazy(() => import('./pages/admin/admin'));
const Team = lazy(() => import('./pages/team/team'));
const TeamUsage = lazy(() => import('./pages/team/team-usage'));
const Invite = lazy(() => import('./pages/team/invite'));
const TeamLibrary = lazy(() => import('./pages/team/library'));
const TeamLibraryArtifact = lazy(() => import('./pages/team/library-artifact'));
const TeamNotifications = lazy(() => import('./pages/team/notifications'));
const ReviewLink = lazy(() => import('./pages/review/review-link'));

export function AppRoutes() {
  const { loading } = useAuth();
  if (loading) return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <ScrollToTop />
      <RouteTitle />
      <Routes>
        <Route element={<SiteLayout />}>
          <Route
            path="/"
            element={
              <SignedOutOnly>
                <Landing />
              </SignedOutOnly>
            }
          />
          <Route
            path="/login"
            element={
              <SignedOutOnly>
                <Login />
              </SignedOutOnly>
            }
          />
          <Route path="/trial" element={<Trial />} />
          <Route path="/pricing" element={<Pricing />} />
          <Route path="/contact" element={<Contact />} />
          <Route path="/privacy" element={<Privacy />} />
          <Route path="/terms" element={<Terms />} />
          <Route path="/verify-email" element={<VerifyEmail />} />
          <Route path="/reset-password" element={<ResetPassword />} />
          <Route
            path="/dashboard"
            element={
              <RequireAuth>
                <Dashboard />
              </RequireAuth>
            }
          />
          <Route path="/profile" element={<Profile />} />
          <Route
            path="/team"
            element={
              <RequireAuth>
                <Team />
              </RequireAuth>
            }
          />
          <Route
            path="/team/usage"
            element={
              <RequireAuth>
                <TeamUsage />
              </RequireAuth>
            }
          />
          <Route
            path="/team/library"
            element={
              <RequireAuth>
                <TeamLibrary />
              </RequireAuth>
            }
          />
          <Route
            path="/team/library/:artifactId"
            element={
              <RequireAuth>
                <TeamLibraryArtifact />
              </RequireAuth>
            }
          />
          <Route
            path="/team/notifications"
            element={
              <RequireAuth>
                <TeamNotifications />
              </RequireAuth>
            }
          />
          {/* An outside reviewer's link (issue 39): no account, the token is the credential. */}
          <Route path="/review/:token" element={<ReviewLink />} />
          {/* An invite link works signed out too: the page offers sign-up or login. */}
          <Route path="/invite/:token" element={<Invite />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        {/* Simulator pages of the local payments provider (only used when Stripe is not configured). */}
        <Route path="/billing/checkout/:sessionId" element={<Checkout />} />
        <Route
          path="/billing/portal"
          element={
            <RequireAuth>
              <Portal />
            </RequireAuth>
          }
        />
        <Route
          path="/chat"
          element={
            <RequireAuth>
              <Chat />
            </RequireAuth>
          }
        />
        <Route
          path="/chat/:sessionId"
          element={
            <RequireAuth>
              <Chat />
            </RequireAuth>
          }
        />
        <Route
          path="/assistant"
          element={
            <RequireAuth>
              <Assistant />
            </RequireAuth>
          }
        />
        <Route
          path="/assistant/:sessionId"
          element={
            <RequireAuth>
              <Assistant />
            </RequireAuth>
          }
        />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <Admin />
            </RequireAdmin>
          }
        />
      </Routes>
    </Suspense>
  );
}
