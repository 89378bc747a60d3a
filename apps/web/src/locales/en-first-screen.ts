/**
 * The English strings the first screen draws (the login form, the public layout, the error page): the
 * app's first load carries only these. The rest of English (locales/en.ts, with these) is registered by
 * lib/english-texts.ts, which the register route and the signed-in frame import (the first load stays small).
 */
export const enFirstScreen = {
  common: {
    close: 'Close',
    confirm: 'Confirm',
    cancel: 'Cancel',
    loading: 'Loading...',
    language: 'Language',
    guest: 'Guest',
    backHome: 'Back to home',
    openInNewTab: 'opens in a new tab',
    somethingWentWrong: 'Something went wrong. Please reload the page.',
    reload: 'Reload',
  },
  login: {
    title: 'Log in',
    subtitle: 'Welcome back! Sign in to your wallet.',
    phoneLabel: 'Phone number',
    phonePlaceholder: '0XXXXXXXXX',
    passwordLabel: 'Password',
    passwordPlaceholder: 'Enter your password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Log in',
    submitting: 'Logging in...',
    forgotPassword: 'Forgot password?',
    noAccount: 'No account? Contact us',
    register: 'Register',
    success: 'Login successful',
    contactAdmin: 'Please contact the admin',
    failed: 'Login failed',
    failedRetry: 'Login failed. Please try again.',
  },
};
