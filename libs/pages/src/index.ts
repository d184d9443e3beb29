// The booking, manage, unsubscribe and error pages (docs/decisions.md "Booking pages"), rendered
// from plain view models; their browser code is client/, built by Vite (docs/architecture.md "Web UI").
export { loadPageAssets, scriptUrl, styleUrl, type PageAssets } from './bundle.js';
export { renderBookingPage } from './booking-page.js';
export { renderManagePage } from './manage-page.js';
export { renderUnsubscribePage } from './unsubscribe-page.js';
export { renderErrorPage } from './error-page.js';
export { renderSetupRefusedPage } from './setup-refused-page.js';
export type {
  BookingPageService,
  BookingPageView,
  ChangeRefusal,
  ErrorPageView,
  ManagePageInput,
  PageBooking,
  PagePayment,
  TenantLook,
  UnsubscribePageView,
} from './view-models.js';
