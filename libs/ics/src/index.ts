export {
  bookingCalendar,
  bookingUid,
  calendarFileName,
  calendarResource,
  type BookingCalendarInput,
  type CalendarBooking,
  type CalendarResourceEvent,
} from './booking-calendar.js';
