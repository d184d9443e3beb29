// The booking, manage, unsubscribe, error and front door pages (docs/decisions.md "Booking pages"), rendered
// from plain view models; their browser code is client/, built by Vite (docs/architecture.md "Web UI").
export { loadPageAssets, scriptUrl, styleText, styleUrl, type PageAssets } from './bundle.js';
export { renderBookingPage } from './booking-page.js';
export { renderManagePage } from './manage-page.js';
export { renderUnsubscribePage } from './unsubscribe-page.js';
export { renderErrorPage } from './error-page.js';
export { renderSetupRefusedPage } from './setup-refused-page.js';
export { renderFrontDoorPage } from './front-door-page.js';
export type {
  BookingPageService,
  BookingPageView,
  ChangeRefusal,
  ErrorPageView,
  FrontDoorView,
  ManagePageInput,
  PageBooking,
  PagePayment,
  ServiceState,
  TenantLook,
  UnsubscribePageView,
} from './view-models.js';
