import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, isValidElement, lazy, type ReactElement, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import type { TeamAction } from '../../shared/domain/permissions';
import { Spinner } from '../components/form';
import { LoginPage } from '../features/auth/login-page';
import { loadRoutePart } from '../lib/i18n';
import { type Access, Guard } from './guard';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

/**
 * Each route's code loads when the route is first opened, with its part of the catalogue (`part`: the module's
 * file name, which the build reads here to make it); the login page (the first screen) ships with the app.
 */
function page<P extends object>(
  part: string,
  load: () => Promise<ComponentType<P>>,
  firstData?: () => Promise<FirstData>,
) {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), loadRoutePart(part)]).then(([Component]) => ({ default: Component })));
  const Lazy = lazy(preload);
  const Page = (props: P) => (
    <Suspense fallback={<Spinner />}>
      <Lazy {...props} />
    </Suspense>
  );
  // The guard starts the load while it checks the session, rather than after; the app starts the first page's
  // code before it has drawn anything (`loadCode`), while the language it will speak is still being settled.
  return Object.assign(Page, { preload, loadCode: load, firstData });
}

type FirstData = (queryClient: QueryClient, search: URLSearchParams) => Promise<void>;

const RegisterPage = page('register-page', () =>
  import('../features/auth/register-page').then((m) => m.RegisterPage),
);
const ForgotPasswordPage = page('forgot-password-page', () =>
  import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const CompanySignInPage = page('company-sign-in-page', () =>
  import('../features/auth/company-sign-in-page').then((m) => m.CompanySignInPage),
);
const VerifyAccountPage = page('verify-account-page', () =>
  import('../features/auth/verify-account-page').then((m) => m.VerifyAccountPage),
);
const PasswordResetPage = page('password-reset-page', () =>
  import('../features/auth/password-reset-page').then((m) => m.PasswordResetPage),
);
const RecipesRoute = page('recipes-route', () => import('./recipes-route').then((m) => m.RecipesRoute));
const MyProfilePage = page('my-profile-page', () =>
  import('../features/users/my-profile-page').then((m) => m.MyProfilePage),
);
const HelpPage = page('help-page', () => import('../features/help/help-page').then((m) => m.HelpPage));
const OutboxPage = page('outbox-page', () =>
  import('../features/system/outbox-page').then((m) => m.OutboxPage),
);
const FleetRoute = page('fleet-route', () => import('./fleet-route').then((m) => m.FleetRoute));
const LocationsRoute = page('fleet-route', () => import('./fleet-route').then((m) => m.LocationsRoute));
const TemplatesRoute = page('fleet-route', () => import('./fleet-route').then((m) => m.TemplatesRoute));
const TemplateRoute = page('fleet-route', () => import('./fleet-route').then((m) => m.TemplateRoute));
const OvensRoute = page(
  'ovens-route',
  () => import('./ovens-route').then((m) => m.OvensRoute),
  () => import('./ovens-route').then((m) => m.firstData),
);
const TeamPage = page('team-page', () => import('../features/teams/team-page').then((m) => m.TeamPage));
const ChainImportPage = page('chain-import-page', () =>
  import('../features/teams/chain-import-page').then((m) => m.ChainImportPage),
);
const InvitationPage = page('invitation-page', () =>
  import('../features/teams/invitation-page').then((m) => m.InvitationPage),
);
const ReportsPage = page('reports-page', () =>
  import('../features/reports/reports-page').then((m) => m.ReportsPage),
);
const UsersPage = page('users-page', () => import('../features/users/users-page').then((m) => m.UsersPage));
const UserRoute = page('user-route', () => import('./user-route').then((m) => m.UserRoute));

const guarded = (access: Access, element: React.ReactElement, action?: TeamAction) => (
  <Guard access={access} action={action} preload={(element.type as { preload?: () => unknown }).preload}>
    {element}
  </Guard>
);

/** The log-in page is the home page; `/login`, where people look for it, leads there with its query. */
function ToLogin() {
  const { search } = useLocation();
  return <Navigate to={`/${search}`} replace />;
}

/** Spec §2.1 route table. */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: guarded('open', <LoginPage />) },
      { path: '/login', element: <ToLogin /> },
      { path: '/register', element: guarded('open', <RegisterPage />) },
      { path: '/forgot-password', element: guarded('guest', <ForgotPasswordPage />) },
      // Open: back from the provider, the page signs the person in (a guest-only page would leave at once).
      { path: '/login/company', element: guarded('open', <CompanySignInPage />) },
      { path: '/verify-account', element: guarded('guest', <VerifyAccountPage />) },
      { path: '/password/reset/:token', element: guarded('guest', <PasswordResetPage />) },
      { path: '/ovens', element: guarded('user', <OvensRoute />) },
      { path: '/fleet', element: guarded('user', <FleetRoute />) },
      { path: '/fleet/locations', element: guarded('user', <LocationsRoute />) },
      { path: '/fleet/templates', element: guarded('user', <TemplatesRoute />, 'templates.read') },
      { path: '/fleet/templates/:id', element: guarded('user', <TemplateRoute />, 'templates.read') },
      { path: '/recipes', element: guarded('user', <RecipesRoute key="provider" owner="provider" />) },
      {
        path: '/my-recipes',
        element: guarded('user', <RecipesRoute key="community" owner="community" />, 'recipes.read'),
      },
      { path: '/my-profile', element: guarded('user', <MyProfilePage />) },
      { path: '/team', element: guarded('user', <TeamPage />) },
      { path: '/team/import/:kind', element: guarded('user', <ChainImportPage />, 'team.members') },
      // Open to guests (to log in or sign up from it) and to the logged in (to accept it).
      { path: '/invitations/:token', element: guarded('open', <InvitationPage />) },
      { path: '/help', element: guarded('user', <HelpPage />) },
      { path: '/reports', element: guarded('admin', <ReportsPage />) },
      { path: '/reports/users', element: guarded('admin', <UsersPage />) },
      { path: '/reports/users/:id', element: guarded('admin', <UserRoute />) },
      { path: '/outbox', element: <OutboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

type PageLoads = {
  preload?: () => Promise<unknown>;
  loadCode?: () => Promise<unknown>;
  firstData?: () => Promise<FirstData>;
};

/**
 * Whether `pathname` is an address of the route `pattern` (`:name` takes one segment), matched as the router does:
 * case aside and a trailing slash aside. Segment by segment, with no pattern compiled: this runs while the app's
 * code is first evaluated, where the router's own matching (a regular expression per route) cost a slow phone
 * some 30 ms.
 */
export function routeMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.toLowerCase().split('/').filter(Boolean);
  return (
    want.length === have.length &&
    want.every((part, i) => part.startsWith(':') || part.toLowerCase() === have[i])
  );
}

/**
 * The loads of the page at `pathname` (none for the pages in the app's own file), so the app can start them
 * before its first screen: its code then comes with the app's rather than after the first screen is drawn.
 */
export function pageLoadsAt(pathname: string): PageLoads {
  const element = routes[0]!.children!.find(
    (route) => route.path !== undefined && routeMatches(route.path, pathname),
  )?.element;
  if (!isValidElement<{ children?: ReactElement }>(element)) return {};
  const page = element.type === Guard ? element.props.children : element;
  if (!isValidElement(page)) return {};
  const { preload, loadCode, firstData } = page.type as PageLoads;
  return { preload, loadCode, firstData };
}

/** The declarative router: the data router's loaders and actions are not used, and would add 20 KB to the first load. */
export function AppRoutes() {
  return useRoutes(routes);
}
