import { Router } from './router/index.js';
import type { RouteDefinition, RouterLocation } from './router/index.js';
import { CatalogPage } from '../features/catalog/CatalogPage.js';
import { Area } from './Area.js';
import { Layout } from './Layout.js';
import { lazyPage } from './lazy-page.js';

// The catalog ships in the first load; every other page is fetched when first visited.
const ProductPage = lazyPage(() => import('../features/product/ProductPage.js'), 'ProductPage');
const CartPage = lazyPage(() => import('../features/cart/CartPage.js'), 'CartPage');
const CheckoutPage = lazyPage(() => import('../features/checkout/CheckoutPage.js'), 'CheckoutPage');
const ConfirmationPage = lazyPage(() => import('../features/checkout/ConfirmationPage.js'), 'ConfirmationPage');
const SignInPage = lazyPage(() => import('../features/auth/SignInPage.js'), 'SignInPage');
const CreateAccountPage = lazyPage(() => import('../features/auth/CreateAccountPage.js'), 'CreateAccountPage');
const VerifyPage = lazyPage(() => import('../features/auth/VerifyPage.js'), 'VerifyPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage.js'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage.js'), 'ResetPasswordPage');
const CallbackPage = lazyPage(() => import('../features/auth/CallbackPage.js'), 'CallbackPage');
const AccountPage = lazyPage(() => import('../features/account/AccountPage.js'), 'AccountPage');
const SecondStepPage = lazyPage(() => import('../features/auth/SecondStepPage.js'), 'SecondStepPage');
const SecurityPage = lazyPage(() => import('../features/account/SecurityPage.js'), 'SecurityPage');
const SignInMethodsPage = lazyPage(() => import('../features/account/SignInMethodsPage.js'), 'SignInMethodsPage');
const OrdersPage = lazyPage(() => import('../features/orders/OrdersPage.js'), 'OrdersPage');
const GuestOrderPage = lazyPage(() => import('../features/orders/GuestOrderPage.js'), 'GuestOrderPage');
const OrderDetailPage = lazyPage(() => import('../features/orders/OrderDetailPage.js'), 'OrderDetailPage');
const StaticPage = lazyPage(() => import('../features/pages/StaticPage.js'), 'StaticPage');
const NotFoundPage = lazyPage(() => import('./NotFoundPage.js'), 'NotFoundPage');

/** Every address of the storefront, first match wins. Feature pages live in `src/features/<feature>/`. */
export const routes: RouteDefinition[] = [
  {
    path: '/',
    element: (
      <Area name="catalog">
        <CatalogPage />
      </Area>
    ),
  },
  {
    path: '/products/:slug',
    preload: ProductPage.preload,
    element: (
      <Area name="product">
        <ProductPage />
      </Area>
    ),
  },
  {
    path: '/pages/:slug',
    preload: StaticPage.preload,
    element: (
      <Area name="staticPage">
        <StaticPage />
      </Area>
    ),
  },
  {
    path: '/cart',
    element: (
      <Area name="cart">
        <CartPage />
      </Area>
    ),
  },
  {
    path: '/checkout',
    element: (
      <Area name="checkout">
        <CheckoutPage />
      </Area>
    ),
  },
  {
    path: '/checkout/confirmation/:orderId',
    element: (
      <Area name="confirmation">
        <ConfirmationPage />
      </Area>
    ),
  },
  {
    path: '/sign-in',
    element: (
      <Area name="signIn">
        <SignInPage />
      </Area>
    ),
  },
  {
    path: '/sign-in/second-step',
    element: (
      <Area name="signIn">
        <SecondStepPage />
      </Area>
    ),
  },
  {
    path: '/create-account',
    element: (
      <Area name="createAccount">
        <CreateAccountPage />
      </Area>
    ),
  },
  {
    path: '/verify',
    element: (
      <Area name="verify">
        <VerifyPage />
      </Area>
    ),
  },
  {
    path: '/forgot-password',
    element: (
      <Area name="passwordReset">
        <ForgotPasswordPage />
      </Area>
    ),
  },
  {
    path: '/reset-password',
    element: (
      <Area name="passwordReset">
        <ResetPasswordPage />
      </Area>
    ),
  },
  {
    path: '/callback',
    element: (
      <Area name="signIn">
        <CallbackPage />
      </Area>
    ),
  },
  {
    path: '/account',
    element: (
      <Area name="account">
        <AccountPage />
      </Area>
    ),
  },
  {
    path: '/account/security',
    element: (
      <Area name="account">
        <SecurityPage />
      </Area>
    ),
  },
  {
    path: '/account/sign-in-methods',
    element: (
      <Area name="account">
        <SignInMethodsPage />
      </Area>
    ),
  },
  {
    path: '/account/orders',
    element: (
      <Area name="orderList">
        <OrdersPage />
      </Area>
    ),
  },
  {
    path: '/account/orders/:orderId',
    element: (
      <Area name="order">
        <OrderDetailPage />
      </Area>
    ),
  },
  {
    path: '/order',
    element: (
      <Area name="order">
        <GuestOrderPage />
      </Area>
    ),
  },
  // Server-rendered with status 404 (entry-server.tsx): preloaded so the page hydrates without a fallback.
  { path: '*', preload: NotFoundPage.preload, element: <NotFoundPage /> },
];

/** `at` and `base`: the server's location and language part (the browser reads its own address). */
export function AppRoutes({ at, base }: { at?: RouterLocation | undefined; base?: string | undefined }) {
  return <Router routes={routes} layout={<Layout />} at={at} base={base} />;
}
