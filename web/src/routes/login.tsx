import { createFileRoute } from '@tanstack/react-router';
import { APP_NAME } from '@/lib/config';
import { LoginPage } from '@/features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: `Log In · ${APP_NAME}` }] }),
  component: LoginPage,
});
