import { lazy } from 'react';

// The forms (react-hook-form, zod, Radix dialog) are chunks of their own: the prerendered page hydrates its
// frame first and each form as its chunk arrives (its HTML is on screen meanwhile), in separate short tasks.
export const LoginForm = lazy(() =>
  import('@/features/account/components/login-form').then((m) => ({ default: m.LoginForm })),
);
export const SignUpForm = lazy(() =>
  import('@/features/account/components/signup-form').then((m) => ({ default: m.SignUpForm })),
);
export const ForgotPasswordDialog = lazy(() =>
  import('@/features/account/components/forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
export const ResetPasswordScreen = lazy(() =>
  import('@/features/account/components/reset-password-screen').then((m) => ({ default: m.ResetPasswordScreen })),
);
