import { createBrowserRouter } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { PasswordResetPage } from '../features/auth/password-reset-page';
import { RegisterPage } from '../features/auth/register-page';
import { VerifyAccountPage } from '../features/auth/verify-account-page';
import { HelpPage } from '../features/help/help-page';
import { RecipeListPage } from '../features/recipes/recipe-list-page';
import { OutboxPage } from '../features/system/outbox-page';
import { MyProfilePage } from '../features/users/my-profile-page';
import { type Access, Guard } from './guard';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

const guarded = (access: Access, element: React.ReactNode) => <Guard access={access}>{element}</Guard>;

/** Spec §2.1 route table. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: guarded('open', <LoginPage />) },
      { path: '/register', element: guarded('open', <RegisterPage />) },
      { path: '/forgot-password', element: guarded('guest', <ForgotPasswordPage />) },
      { path: '/verify-account', element: guarded('guest', <VerifyAccountPage />) },
      { path: '/password/reset/:token', element: guarded('guest', <PasswordResetPage />) },
      { path: '/ovens', element: guarded('user', <PlaceholderPage title="My Ovens" />) },
      { path: '/recipes', element: guarded('user', <RecipeListPage key="provider" owner="provider" />) },
      { path: '/my-recipes', element: guarded('user', <RecipeListPage key="community" owner="community" />) },
      { path: '/my-profile', element: guarded('user', <MyProfilePage />) },
      { path: '/help', element: guarded('user', <HelpPage />) },
      { path: '/reports', element: guarded('admin', <PlaceholderPage title="General Report" />) },
      { path: '/reports/users', element: guarded('admin', <PlaceholderPage title="Users" />) },
      { path: '/reports/users/:id', element: guarded('admin', <PlaceholderPage title="User" />) },
      { path: '/outbox', element: <OutboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
