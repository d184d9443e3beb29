// The manage page (GET /booking/manage/{token} asked for as HTML): move the booking to another
// slot, or cancel it after a confirmation step. After a change the page loads again from the
// server, which shows the booking as it now is.
import { cancelBooking, rescheduleBooking, type Answer } from './api.js';
import { explain } from './messages.js';
import { announce, pageData } from './page-data.js';
import { byId, pickerOnPage } from './slot-picker.js';

interface ManagePageData {
  token: string;
  tenantSlug: string;
  serviceSlug: string;
  timezone: string;
  locale: string;
  startsAtMs: number;
  /** The booking's party: a seated service's slots are listed when they have room for it. */
  partySize: number;
  /** The service's horizon (its slug to days), where the month view stops. */
  maxAdvanceDays: Record<string, number>;
}

const data = pageData<ManagePageData>();
const base = `/booking/manage/${data.token}`;
const problem = byId('manage-error');

const done = (what: 'rescheduled' | 'cancelled') => {
  // replace: the back button must not lead to the page before the change.
  window.location.replace(`${base}?done=${what}`);
};

async function change(
  send: () => Promise<Answer<unknown>>,
  button: HTMLButtonElement,
  what: 'rescheduled' | 'cancelled',
) {
  announce(problem, '');
  button.disabled = true;
  try {
    const answer = await send();
    if (answer.ok) return done(what);
    const explained = explain(answer.error);
    announce(problem, explained.text);
    if (explained.refreshSlots) await picker?.load();
  } finally {
    button.disabled = false;
  }
}

const rescheduleForm = document.getElementById('reschedule-form') as HTMLFormElement | null;
const picker = rescheduleForm
  ? pickerOnPage(data, { exclude: data.startsAtMs, initialDay: data.startsAtMs })
  : undefined;
if (rescheduleForm && picker) {
  void picker.setService(data.serviceSlug, data.partySize);
  rescheduleForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const startsAtMs = picker.selected();
    if (startsAtMs === undefined) return announce(problem, 'Please choose a new time.');
    void change(() => rescheduleBooking(data.token, startsAtMs), byId('reschedule-submit'), 'rescheduled');
  });
}

const cancelStart = document.getElementById('cancel-start') as HTMLButtonElement | null;
if (cancelStart) {
  const confirmBox = byId('cancel-confirm');
  const keep = byId<HTMLButtonElement>('cancel-no');
  const yes = byId<HTMLButtonElement>('cancel-yes');
  cancelStart.addEventListener('click', () => {
    confirmBox.hidden = false;
    cancelStart.hidden = true;
    yes.focus();
  });
  keep.addEventListener('click', () => {
    confirmBox.hidden = true;
    cancelStart.hidden = false;
    cancelStart.focus();
  });
  yes.addEventListener('click', () => void change(() => cancelBooking(data.token), yes, 'cancelled'));
}
