import type { catalogV1 } from '@svc/proto';
import type { HolidayInput, HolidayRecord } from '../domain/holiday.js';

export const toHolidayMessage = (r: HolidayRecord): catalogV1.Holiday => ({
  holidayId: r.holidayId,
  tenantId: r.tenantId,
  date: r.date,
  name: r.name,
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

export const toHolidayInput = (fields: catalogV1.HolidayFields | undefined): HolidayInput => ({ ...fields });
