import { describe, expect, it } from 'vitest';
import {
  firstUnfinished,
  initialForm,
  problemOfPath,
  setupBody,
  stepProblems,
  withBusinessName,
  workWeek,
  type SetupForm,
} from '../src/setup-model.js';

const filled = (): SetupForm => ({
  ...withBusinessName(initialForm('Europe/Berlin'), 'Praxis Müller'),
  ownerEmail: ' owner@praxis.test ',
  serviceName: 'Check-up',
  durationMin: '45',
});

describe('setup wizard model', () => {
  it('starts with the browser zone and Monday to Friday 9 to 17', () => {
    const form = initialForm('America/New_York');
    expect(form.timezone).toBe('America/New_York');
    expect(form.week.map((day) => day.map((w) => `${w.start}-${w.end}`))).toEqual([
      [],
      ['09:00-17:00'],
      ['09:00-17:00'],
      ['09:00-17:00'],
      ['09:00-17:00'],
      ['09:00-17:00'],
      [],
    ]);
  });

  it('suggests the address from the name until the person edits it', () => {
    let form = withBusinessName(initialForm('UTC'), 'Café Zürich');
    expect(form.slug).toBe('cafe-zurich');
    form = { ...form, slug: 'my-cafe', slugEdited: true };
    expect(withBusinessName(form, 'Café Zürich Altstadt').slug).toBe('my-cafe');
  });

  it('names each step’s problems by field, and the first unfinished step', () => {
    const empty = initialForm('UTC');
    expect(stepProblems('business', empty).map((p) => p.field)).toEqual(['businessName', 'slug', 'ownerEmail']);
    expect(firstUnfinished(empty)).toBe('business');
    const form = filled();
    expect(firstUnfinished(form)).toBeNull();
    expect(stepProblems('service', { ...form, durationMin: '0' }).map((p) => p.field)).toEqual(['durationMin']);
    expect(stepProblems('service', { ...form, price: '12,5' }).map((p) => p.field)).toEqual(['price']);
    expect(stepProblems('service', { ...form, price: '10', currency: 'euro' }).map((p) => p.field)).toEqual([
      'currency',
    ]);
    const closed = { ...form, week: workWeek().map(() => []) };
    expect(stepProblems('hours', closed)[0]?.message).toMatch(/at least one day/);
    const backwards = { ...form, week: workWeek().map((d) => d.map((w) => ({ ...w, end: '08:00' }))) };
    expect(stepProblems('hours', backwards)[0]?.message).toMatch(/not after/);
    expect(firstUnfinished(backwards)).toBe('hours');
  });

  it('sends the form as POST /setup’s body, a price only when given', () => {
    const body = setupBody('tok', filled());
    expect(body).toEqual({
      token: 'tok',
      tenant: { slug: 'praxis-muller', name: 'Praxis Müller', timezone: 'Europe/Berlin', ownerEmail: 'owner@praxis.test' },
      service: { name: 'Check-up', durationMin: 45, confirmation: 'automatic' },
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })),
    });
    expect(setupBody('tok', { ...filled(), price: '45.50', currency: 'eur', confirmManually: true }).service).toEqual({
      name: 'Check-up',
      durationMin: 45,
      confirmation: 'manual',
      priceAmount: 4550,
      priceCurrency: 'EUR',
    });
  });

  it('places the server’s field errors on their step and field', () => {
    expect(problemOfPath('body.tenant.slug', 'taken')).toEqual({
      step: 'business',
      problem: { field: 'slug', message: 'taken' },
    });
    expect(problemOfPath('body.hours.2.endMinute', 'bad')?.step).toBe('hours');
    expect(problemOfPath('body.token', 'bad')).toBeNull();
  });
});
