export {
  bookingCalendar,
  bookingUid,
  calendarFileName,
  calendarResource,
  calendarResourceUid,
  type BookingCalendarInput,
  type CalendarBooking,
  type CalendarResourceEvent,
} from './booking-calendar.js';
