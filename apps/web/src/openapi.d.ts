// Generated from the gateway's /openapi.json by openapi-typescript (apps/gateway/test/web-api-types.test.ts); do not edit.
export interface paths {
    "/auth/google/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start the dashboard login: redirects (302) to the identity provider
         * @description Limited per client address (RATE_LIMITED 429 with Retry-After): each start records a pending login.
         */
        get: operations["getAuthGoogleStart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/google/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finish the dashboard login: sets the session cookie and redirects (302) to returnTo */
        get: operations["getAuthGoogleCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in with a one-time link: sets the session cookie and redirects (302) to /dashboard
         * @description The link comes from the operator CLI (`admin session:link`), is valid for 10 minutes and works once. Unknown, used or expired: AUTH_REQUIRED (a page when Accept prefers text/html).
         */
        get: operations["getAuthLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, the active workspace, every membership and the CSRF token */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch the active workspace to another one the user is a member of (needs X-Service-CSRF) */
        post: operations["postSessionWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session and clear its cookie (needs X-Service-CSRF) */
        post: operations["postSessionLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's audit log (newest first)
         * @description Every change made through the dashboard, the partner API, MCP and the operator CLI, one record each, newest first; filtered by actor, target id and time ([fromMs, toMs)). Owner and admin roles only. Records are kept for the tenant's retention.auditDays (365 by default).
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the gateway and every service behind it */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the session's tenant */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the session's tenant: name, timezone, locale, branding, retention (partial)
         * @description At least one field; `{ "branding": {} }` or `{ "retention": {} }` alone changes nothing and is refused.
         */
        patch: operations["updateTenant"];
        trace?: never;
    };
    "/api/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List services */
        get: operations["listServices"];
        put?: never;
        /**
         * Create a service
         * @description `priceAmount` and `priceCurrency` go together; `slug` is unique in the tenant; `staffIds` and `resourceIds` name staff and resources of the tenant; `questions` have unique keys and unique options.
         */
        post: operations["createService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/services/{serviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a service */
        get: operations["getService"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a service (partial; at least one field)
         * @description `priceAmount` and `priceCurrency` go together, with the stored price completing a half sent alone (`priceCurrency: ''` removes the price); `slug` is unique in the tenant; `staffIds` and `resourceIds` name staff and resources of the tenant; `questions` have unique keys and unique options.
         */
        patch: operations["updateService"];
        trace?: never;
    };
    "/api/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List staff */
        get: operations["listStaff"];
        put?: never;
        /** Create a staff member */
        post: operations["createStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/{staffId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a staff member */
        get: operations["getStaff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a staff member (partial; at least one field) */
        patch: operations["updateStaff"];
        trace?: never;
    };
    "/api/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List resources */
        get: operations["listResources"];
        put?: never;
        /** Create a resource */
        post: operations["createResource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/resources/{resourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a resource */
        get: operations["getResource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a resource (partial; at least one field) */
        patch: operations["updateResource"];
        trace?: never;
    };
    "/api/availability-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List availability rules */
        get: operations["listAvailabilityRules"];
        put?: never;
        /**
         * Create an availability rule
         * @description `startMinute` < `endMinute`; `effectiveFromAtMs` < `effectiveUntilAtMs` when both are set. `ownerId` is required when `ownerType` is `staff` or `resource` and must name one of the tenant's; for `tenant` it may be left out.
         */
        post: operations["createAvailabilityRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/availability-rules/{ruleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an availability rule */
        get: operations["getAvailabilityRule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an availability rule (partial; at least one field)
         * @description The changed rule must still hold `startMinute` < `endMinute` and `effectiveFromAtMs` < `effectiveUntilAtMs` (a field sent alone is compared with the stored one). `ownerId` is required when `ownerType` is `staff` or `resource` and must name one of the tenant's; for `tenant` it may be left out.
         */
        patch: operations["updateAvailabilityRule"];
        trace?: never;
    };
    "/api/blocked-times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List blocked times
         * @description `fromMs` < `toMs` when both are given.
         */
        get: operations["listBlockedTimes"];
        put?: never;
        /**
         * Create a blocked time
         * @description `startsAtMs` < `endsAtMs`. `ownerId` is required when `ownerType` is `staff` or `resource` and must name one of the tenant's; for `tenant` it may be left out.
         */
        post: operations["createBlockedTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blocked-times/{blockId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a blocked time */
        get: operations["getBlockedTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a blocked time (partial; at least one field)
         * @description The changed block must still hold `startsAtMs` < `endsAtMs` (a time sent alone is compared with the stored one). `ownerId` is required when `ownerType` is `staff` or `resource` and must name one of the tenant's; for `tenant` it may be left out.
         */
        patch: operations["updateBlockedTime"];
        trace?: never;
    };
    "/api/holidays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List holidays */
        get: operations["listHolidays"];
        put?: never;
        /** Create a holiday */
        post: operations["createHoliday"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/holidays/{holidayId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a holiday */
        get: operations["getHoliday"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a holiday (partial; at least one field) */
        patch: operations["updateHoliday"];
        trace?: never;
    };
    "/api/date-overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List date overrides
         * @description `fromDate` ≤ `toDate` when both are given.
         */
        get: operations["listDateOverrides"];
        put?: never;
        /**
         * Create a date override
         * @description On `date` the owner's hours are `windows` instead of its weekly rules (`[]` closes the day); several overrides of one owner on one date add up. A staff member's or resource's hours never reach past the tenant's. `ownerId` is required when `ownerType` is `staff` or `resource` and must name one of the tenant's; for `tenant` it may be left out.
         */
        post: operations["createDateOverride"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/date-overrides/{overrideId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a date override */
        get: operations["getDateOverride"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a date override (partial; at least one field)
         * @description On `date` the owner's hours are `windows` instead of its weekly rules (`[]` closes the day); several overrides of one owner on one date add up. A staff member's or resource's hours never reach past the tenant's. `windows` replaces the windows. `ownerId` is required when `ownerType` is `staff` or `resource` and must name one of the tenant's; for `tenant` it may be left out.
         */
        patch: operations["updateDateOverride"];
        trace?: never;
    };
    "/api/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Without `q`: every customer, oldest first (createdAtMs, then customerId). With `q`: the customers it matches, each once, ordered by the matching text (the shortest and alphabetically first match first), then customerId. A cursor pages only the list it came from: a search cursor without `q`, or a cursor of the list without `q` sent with one, is VALIDATION_ERROR (query.cursor).
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description A name is required; email and phone are optional. An email or phone that another customer of the tenant has is VALIDATION_ERROR at body.primaryEmail or body.phone.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a customer (partial; at least one field)
         * @description Only the fields sent change; null removes the email, phone, locale or time zone. An email or phone that another customer of the tenant has is VALIDATION_ERROR at body.primaryEmail or body.phone. Removing the email or phone of a customer who would then have no name, email or phone is VALIDATION_ERROR at that field.
         */
        patch: operations["updateCustomer"];
        trace?: never;
    };
    "/api/customers/{customerId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything held about a customer, as one JSON document
         * @description One JSON document (not the envelope; `Content-Disposition: attachment`), written as it is read: the customer, every booking with its history, the messages sent about them, the webhook deliveries of their bookings’ events and the calendar events written for them, bodies included while retention keeps them. Owners and admins.
         */
        get: operations["getCustomersExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/{customerId}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a customer's personal data everywhere
         * @description Cancels their open bookings first (reason `customer_erased`, with the normal events and messages), then removes their name, email, phone, locale, answers and notes from the customer record, the bookings, the stored events, webhook delivery bodies, messages and calendar events. The bookings stay (time, service, staff, status, price) for the business’s accounts. Idempotent: erasing again answers the same. `confirmCustomerId` must repeat the path’s id (else VALIDATION_ERROR at body.confirmCustomerId). Owners and admins.
         */
        post: operations["postCustomersErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/availability/explain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Why a start of a service is or is not bookable
         * @description The verdict availability and create would reach for `startsAtMs` now, with its reason and the owner it concerns. An answer, not a reservation: create decides again under the lock.
         */
        get: operations["getAvailabilityExplain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/book/{tenantSlug}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public booking page configuration: tenant and its bookable services */
        get: operations["getBookConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/book/{tenantSlug}/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Free slots of a service in a window of at most 31 days
         * @description `fromMs` < `toMs`, and `toMs - fromMs` at most 31 days (2678400000 ms). A seated service lists the slots with room for `partySize` (default 1), each with `seatsLeft`. `staffId` lists the slots of one staff member: one the service lists (its config `staff`), not of a collective service (else VALIDATION_ERROR at query.staffId).
         */
        get: operations["getBookAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/book/{tenantSlug}/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a booking (held for 10 minutes, or confirmed at once); Idempotency-Key required
         * @description The customer needs `primaryEmail` or `phone` (or both). A `staffId` must be one the service lists (else VALIDATION_ERROR at body.staffId). `answers` must answer the service's questions by their types, every required one answered (else VALIDATION_ERROR at body.answers.<key>). `partySize` is at most the service's `maxPartySize` (else VALIDATION_ERROR at body.partySize); a seated service's session must have that many seats left. `startsAtMs` must be a free, aligned slot of the service (else BOOKING_SLOT_UNAVAILABLE 409). The booking is `held` for 10 minutes until the business confirms it; for a service whose `confirmation` is `automatic` the platform confirms it before answering, so it is `confirmed` (events booking.created, then booking.confirmed). The same Idempotency-Key with the same body answers the first booking again (200, `idempotentReplay: true`, the status of the first answer); with another body, BOOKING_IDEMPOTENCY_CONFLICT 409.
         */
        post: operations["createBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bookings
         * @description Ordered by `startsAtMs`, then `bookingId`. `fromMs` < `toMs` when both are given.
         */
        get: operations["listBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{bookingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a booking */
        get: operations["getBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{bookingId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A booking's history: the events its changes wrote, oldest first
         * @description At most 200 entries. Each is an event the webhooks deliver too, as it left the booking.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{bookingId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a held booking
         * @description held → confirmed. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["postBookingsConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{bookingId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a held or confirmed booking
         * @description held or confirmed → cancelled; `reason` is stored as `cancelReason`. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["postBookingsCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{bookingId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed booking completed
         * @description confirmed → completed. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["postBookingsComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{bookingId}/no-show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed booking as a no-show
         * @description confirmed → no_show; `reason` is stored as `noShowReason`. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["postBookingsNoShow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bookings/{bookingId}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a held or confirmed booking to another start
         * @description Held or confirmed, before it starts → the same status at `startsAtMs` (a held booking keeps its `holdExpiresAtMs`: a hold ends 10 minutes after creation). The new slot must be free, the booking itself aside (else BOOKING_SLOT_UNAVAILABLE 409). Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["postBookingsReschedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking/manage/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View a booking through its manage link
         * @description The token needs `read`. No cookie or CSRF header is read. Every answer, errors included, carries `Cache-Control: private, no-store`.
         */
        get: operations["getBookingManage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking/manage/{token}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a booking through its manage link
         * @description The token needs `cancel`. Held or confirmed, until the service's cancel cut-off before the start (`actions.cancelUntilMs`) → cancelled (`cancelReason: "customer"`); otherwise BOOKING_POLICY_BLOCKED 409. No body. Answers the view after the change. No cookie or CSRF header is read. Every answer, errors included, carries `Cache-Control: private, no-store`.
         */
        post: operations["postBookingManageCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking/manage/{token}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a booking to another start through its manage link
         * @description The token needs `reschedule`. Held or confirmed, until the service's reschedule cut-off before the start (`actions.rescheduleUntilMs`) → the same status at `startsAtMs` (a held booking keeps its hold expiry); the new slot must be free, the booking itself aside (else BOOKING_SLOT_UNAVAILABLE 409); otherwise BOOKING_POLICY_BLOCKED 409. Answers the view after the change. No cookie or CSRF header is read. Every answer, errors included, carries `Cache-Control: private, no-store`.
         */
        post: operations["postBookingManageReschedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking/manage/{token}/ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The booking as an iCalendar file
         * @description The token needs `read`. One VEVENT with a stable UID, SEQUENCE growing with every change, times in UTC, and STATUS TENTATIVE (held), CONFIRMED or CANCELLED. No cookie or CSRF header is read. Every answer, errors included, carries `Cache-Control: private, no-store`.
         */
        get: operations["getBookingManageIcs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/booking/manage/{token}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the business holds about this booking, as one JSON document
         * @description The token needs `read`. The booking with its answers, notes and history, and the messages sent to the customer about it (when and how, without their text). Only this booking: the manage link goes to whoever made the booking, whatever address they typed, so it opens nothing of the customer’s other bookings or of their record; the whole customer export is the business’s to give (docs/decisions.md "Privacy"). An export only, never an erase. No cookie or CSRF header is read. Every answer, errors included, carries `Cache-Control: private, no-store`.
         */
        get: operations["getBookingManageExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/book/{tenantSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's public booking page (HTML)
         * @description Services, free slots, the booking form and its confirmation, in the tenant's branding. Its script uses the JSON routes under /book/{tenantSlug}/. Unknown tenant NOT_FOUND, inactive TENANT_INACTIVE (as pages when Accept prefers text/html).
         */
        get: operations["getBook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description Oldest first. Signing secrets are never listed.
         */
        get: operations["listWebhookSubscriptions"];
        put?: never;
        /**
         * Create a webhook subscription
         * @description Answers the subscription with its signing secret, shown this once. `url` must be https; with ALLOW_LOOPBACK_TARGETS on (`npm start` on a loopback address) http to loopback is accepted too. A host that does not resolve, or resolves to a private, loopback, link-local or otherwise reserved address, is refused with one message unless WEBHOOK_URL_ALLOWLIST names it (VALIDATION_ERROR at body.url); the address is checked again before every delivery. A workspace has at most WEBHOOK_MAX_SUBSCRIPTIONS subscriptions (20 unless the operator set another number), active or disabled; one more is QUOTA_EXCEEDED 409 until one is deleted.
         */
        post: operations["createWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-subscriptions/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook subscription */
        get: operations["getWebhookSubscription"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Nothing more is delivered to it: attempts still due are recorded as not sent. Its deliveries stay in the log. Answers the subscription as it was.
         */
        delete: operations["deleteWebhookSubscription"];
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription (partial; at least one field)
         * @description Only the fields sent change; `events: []` means all events. `url` must be https; with ALLOW_LOOPBACK_TARGETS on (`npm start` on a loopback address) http to loopback is accepted too. A host that does not resolve, or resolves to a private, loopback, link-local or otherwise reserved address, is refused with one message unless WEBHOOK_URL_ALLOWLIST names it (VALIDATION_ERROR at body.url); the address is checked again before every delivery.
         */
        patch: operations["updateWebhookSubscription"];
        trace?: never;
    };
    "/api/webhook-subscriptions/{subscriptionId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret of a webhook subscription
         * @description Answers the new secret, shown this once; from now on only it signs deliveries.
         */
        post: operations["postWebhookSubscriptionsRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description Newest first (by createdAtMs, then deliveryId, both descending); each delivery without its attempts (see the detail).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook delivery with its attempts */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a webhook delivery
         * @description Queues a new series of up to 6 attempts for the same event (same event id), due now; the earlier attempts stay. Answers 202 with the delivery as queued. Limited per tenant (RATE_LIMITED 429 with Retry-After), since each replay sends requests to the tenant’s endpoint.
         */
        post: operations["postWebhookDeliveriesReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/google/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start connecting a Google calendar
         * @description Answers the Google authorization URL to send the staff member to (authorization code with PKCE and state; scopes: calendar events and free/busy). Google sends the browser back to GET /api/integrations/google/callback. PROVIDER_NOT_CONNECTED when the platform has no Google OAuth client.
         */
        post: operations["postIntegrationsGoogleConnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/google/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish connecting a Google calendar (Google’s redirect)
         * @description Needs a write role, as the connect does (FORBIDDEN otherwise). The state must be one this workspace started, unused and at most 10 minutes old (else OAUTH_STATE_INVALID); a code Google does not exchange for tokens is OAUTH_TOKEN_EXCHANGE_FAILED (403). Answers the new connection.
         */
        get: operations["getIntegrationsGoogleCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List calendar connections
         * @description Oldest first, with their status and last sync.
         */
        get: operations["listIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/caldav": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect a CalDAV calendar account
         * @description Checked by a real request to the server before it is stored: wrong credentials are VALIDATION_ERROR at body.password, an unreachable server PROVIDER_ACTION_FAILED (502). Every calendar blocks time at first; the first receives bookings (change with PATCH).
         */
        post: operations["postIntegrationsCaldav"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{connectionId}/disconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disconnect a calendar account
         * @description Forgets the account and its credentials; its calendars no longer block time.
         */
        post: operations["postIntegrationsDisconnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{connectionId}/calendars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the calendars of a connection
         * @description As the provider lists them now; PROVIDER_NEEDS_REAUTH when it refuses the credentials.
         */
        get: operations["listCalendars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Choose which calendars block time and which receives bookings
         * @description Each id must be one of GET …/calendars (VALIDATION_ERROR otherwise).
         */
        patch: operations["updateIntegration"];
        trace?: never;
    };
    "/api/bookings/{bookingId}/calendar-sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write a booking to its staff calendar again
         * @description Makes the booking’s calendar write-back due now (after a failure, or a calendar fixed by hand). PROVIDER_ACTION_PENDING while a write of it runs; PROVIDER_NOT_CONNECTED when the booking is in no connected calendar.
         */
        post: operations["postBookingsCalendarSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the tenant’s integration settings */
        get: operations["listSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the tenant’s integration settings */
        patch: operations["updateIntegrationsSettings"];
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tenant's API keys (revoked ones included)
         * @description Oldest first. Owner and admin roles only.
         */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key; its secret is in this answer only */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{apiKeyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give an API key a new secret; the old one stops working at once
         * @description Same id, name and scopes. A revoked key cannot be rotated (VALIDATION_ERROR at params.apiKeyId).
         */
        post: operations["postApiKeysRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{apiKeyId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key; it stops working at once
         * @description Revoking a revoked key changes nothing and answers it again.
         */
        post: operations["postApiKeysRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's notification settings */
        get: operations["listNotificationSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the tenant's notification settings (partial; at least one field)
         * @description Only the fields sent change. `reminderOffsetsMin` applies to bookings confirmed or moved from now on; `businessEmails` takes at most 10 addresses ([] for none).
         */
        patch: operations["updateNotificationSettings"];
        trace?: never;
    };
    "/api/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's members
         * @description Oldest first. Owner and admin roles only.
         */
        get: operations["listMembers"];
        put?: never;
        /**
         * Add a member by email with a role (owners only)
         * @description The person signs in with Google under that address, or with a one-time link an operator prints. An address that is a member already is VALIDATION_ERROR at `body.email`. No email is sent.
         */
        post: operations["createMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{membershipId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member (owners only)
         * @description Answers the member as it was. The last owner cannot be removed: FORBIDDEN.
         */
        delete: operations["deleteMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role (owners only)
         * @description The last owner cannot become anything else: FORBIDDEN.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sent and pending notifications
         * @description Newest first; filter by booking, customer or status.
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{notificationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one notification */
        get: operations["getNotification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{notificationId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a notification again
         * @description Queues the same message again, due now, as a new series with a new Message-ID (a mailbox must not take it for a duplicate); answers 202 with the record as queued. A reminder to a customer who unsubscribed stays unsent (`suppressed`).
         */
        post: operations["postNotificationsResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sent and pending notifications
         * @description Newest first; filter by booking, customer or status.
         */
        get: operations["partnerListNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/{notificationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one notification */
        get: operations["partnerGetNotification"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/{notificationId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a notification again
         * @description Queues the same message again, due now, as a new series with a new Message-ID (a mailbox must not take it for a duplicate); answers 202 with the record as queued. A reminder to a customer who unsubscribed stays unsent (`suppressed`).
         */
        post: operations["partnerPostNotificationsResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/unsubscribe/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whom an unsubscribe link names (changes nothing) */
        get: operations["getNotificationsUnsubscribe"];
        put?: never;
        /**
         * Stop the customer's reminders (one-click unsubscribe, RFC 8058)
         * @description Honoured at once: a reminder not yet sent is not sent. Doing it again changes nothing.
         */
        post: operations["postNotificationsUnsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bookings
         * @description Ordered by `startsAtMs`, then `bookingId`. `fromMs` < `toMs` when both are given.
         */
        get: operations["partnerListBookings"];
        put?: never;
        /**
         * Create a booking (held for 10 minutes, or confirmed at once); Idempotency-Key required
         * @description The customer needs `primaryEmail` or `phone` (or both). A `staffId` must be one the service lists (else VALIDATION_ERROR at body.staffId). `answers` must answer the service's questions by their types, every required one answered (else VALIDATION_ERROR at body.answers.<key>). `partySize` is at most the service's `maxPartySize` (else VALIDATION_ERROR at body.partySize); a seated service's session must have that many seats left. `startsAtMs` must be a free, aligned slot of the service (else BOOKING_SLOT_UNAVAILABLE 409). The booking is `held` for 10 minutes until the business confirms it; for a service whose `confirmation` is `automatic` the platform confirms it before answering, so it is `confirmed` (events booking.created, then booking.confirmed). The same Idempotency-Key with the same body answers the first booking again (200, `idempotentReplay: true`, the status of the first answer); with another body, BOOKING_IDEMPOTENCY_CONFLICT 409.
         */
        post: operations["partnerCreateBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{bookingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a booking */
        get: operations["partnerGetBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{bookingId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A booking's history: the events its changes wrote, oldest first
         * @description At most 200 entries. Each is an event the webhooks deliver too, as it left the booking.
         */
        get: operations["partnerListEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{bookingId}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a held booking
         * @description held → confirmed. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["partnerPostBookingsConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{bookingId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a held or confirmed booking
         * @description held or confirmed → cancelled; `reason` is stored as `cancelReason`. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["partnerPostBookingsCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{bookingId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed booking completed
         * @description confirmed → completed. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["partnerPostBookingsComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{bookingId}/no-show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a confirmed booking as a no-show
         * @description confirmed → no_show; `reason` is stored as `noShowReason`. Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["partnerPostBookingsNoShow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bookings/{bookingId}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a held or confirmed booking to another start
         * @description Held or confirmed, before it starts → the same status at `startsAtMs` (a held booking keeps its `holdExpiresAtMs`: a hold ends 10 minutes after creation). The new slot must be free, the booking itself aside (else BOOKING_SLOT_UNAVAILABLE 409). Any other transition is BOOKING_POLICY_BLOCKED 409 (docs/decisions.md "Booking"). Answers the booking after the change.
         */
        post: operations["partnerPostBookingsReschedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Without `q`: every customer, oldest first (createdAtMs, then customerId). With `q`: the customers it matches, each once, ordered by the matching text (the shortest and alphabetically first match first), then customerId. A cursor pages only the list it came from: a search cursor without `q`, or a cursor of the list without `q` sent with one, is VALIDATION_ERROR (query.cursor).
         */
        get: operations["partnerListCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description A name is required; email and phone are optional. An email or phone that another customer of the tenant has is VALIDATION_ERROR at body.primaryEmail or body.phone.
         */
        post: operations["partnerCreateCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer */
        get: operations["partnerGetCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a customer (partial; at least one field)
         * @description Only the fields sent change; null removes the email, phone, locale or time zone. An email or phone that another customer of the tenant has is VALIDATION_ERROR at body.primaryEmail or body.phone. Removing the email or phone of a customer who would then have no name, email or phone is VALIDATION_ERROR at that field.
         */
        patch: operations["partnerUpdateCustomer"];
        trace?: never;
    };
    "/v1/customers/{customerId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything held about a customer, as one JSON document
         * @description One JSON document (not the envelope; `Content-Disposition: attachment`), written as it is read: the customer, every booking with its history, the messages sent about them, the webhook deliveries of their bookings’ events and the calendar events written for them, bodies included while retention keeps them. Needs `customer:read`.
         */
        get: operations["partnerGetCustomersExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customerId}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a customer's personal data everywhere
         * @description Cancels their open bookings first (reason `customer_erased`, with the normal events and messages), then removes their name, email, phone, locale, answers and notes from the customer record, the bookings, the stored events, webhook delivery bodies, messages and calendar events. The bookings stay (time, service, staff, status, price) for the business’s accounts. Idempotent: erasing again answers the same. `confirmCustomerId` must repeat the path’s id (else VALIDATION_ERROR at body.confirmCustomerId). Needs `customer:write`.
         */
        post: operations["partnerPostCustomersErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The services customers can book now
         * @description Active services with their slug (for availability and booking), duration, price and `confirmation` (what a new booking becomes). Paged like every list.
         */
        get: operations["partnerListServices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Free slots of a service in a window of at most 31 days
         * @description `fromMs` < `toMs`, and `toMs - fromMs` at most 31 days (2678400000 ms). A seated service lists the slots with room for `partySize` (default 1), each with `seatsLeft`. `staffId` lists the slots of one staff member: one the service lists (its config `staff`), not of a collective service (else VALIDATION_ERROR at query.staffId).
         */
        get: operations["partnerGetAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's branding */
        get: operations["partnerGetBranding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the tenant's branding (partial; at least one field)
         * @description Only the fields sent change; '' clears one. Colours are #rrggbb, the logo an https URL.
         */
        patch: operations["partnerUpdateBranding"];
        trace?: never;
    };
    "/api/tenant/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an export of the workspace's data (owners only)
         * @description Answers the job, queued; ask its status until it is ready. The archive (zip) holds `tenant.ndjson`; `catalog/services.ndjson`, `staff`, `resources`, `availability-rules`, `date-overrides`, `blocked-times`, `holidays`; `customers.ndjson`; `bookings.ndjson`; `settings/webhook-subscriptions.ndjson` (without signing secrets), `notification-settings`, `integration-settings` and `calendar-connections` (without credentials); and `manifest.json` with the count of each file. Each line is the record the dashboard API answers for it. At most one export of a workspace runs at a time: another while one is queued or running is QUOTA_EXCEEDED 409. A gateway already running as many exports as it may answers RATE_LIMITED 429 with Retry-After. The archive is kept 7 days.
         */
        post: operations["postTenantExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenant/export/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The status of an export (owners only)
         * @description Once ready, `download` holds a link to the archive that works for an hour; every answer hands out a fresh one. Another workspace's export is NOT_FOUND.
         */
        get: operations["getTenantExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's booking changes as they happen (text/event-stream)
         * @description Server-sent events: `ready` once, then one `booking` event per booking change ({ eventId, type, bookingId, status, startsAtMs, endsAtMs, staffId, occurredAtMs }) and a comment line every 25 s. At most 50 open streams per workspace: RATE_LIMITED 429 beyond.
         */
        get: operations["getLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The staff dashboard (HTML): the web app of the dashboard API
         * @description Signs in with the dashboard session; without one it offers the sign-in.
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tenant/export/{jobId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an export's archive (owners only)
         * @description The zip, streamed. The session must be an owner of the export’s workspace (another workspace’s export is NOT_FOUND), and `token` the one a status answer handed out within the hour: a wrong one is FORBIDDEN, and so is one past its hour (ask the status again for a new link).
         */
        get: operations["getTenantExportDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAuthGoogleStart: {
        parameters: {
            query?: {
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider; sets the pending-login cookie __Host-service_oauth. */
            302: {
                headers: {
                    /** @description Where the browser goes next. */
                    location?: string;
                    "set-cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFIG_MISSING when OIDC_CLIENT_ID/OIDC_CLIENT_SECRET are not set; INTERNAL_ERROR when the provider cannot be reached. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getAuthGoogleCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To returnTo (a same-origin path); sets the session cookie __Host-service_session. */
            302: {
                headers: {
                    /** @description Where the browser goes next. */
                    location?: string;
                    "set-cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description OAUTH_STATE_INVALID (unknown, missing or reused state), OAUTH_TOKEN_EXCHANGE_FAILED (code exchange, ID token, nonce or unverified email) or FORBIDDEN (no membership). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description CONFIG_MISSING when login is not configured; INTERNAL_ERROR when the provider cannot be reached. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getAuthLink: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /dashboard; sets the session cookie __Host-service_session. */
            302: {
                headers: {
                    /** @description Where the browser goes next. */
                    location?: string;
                    "set-cookie"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description AUTH_REQUIRED: the link is unknown, used or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description FORBIDDEN: the user is no longer a member of any workspace. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            user: {
                                userId: string;
                                email: string;
                                name: string;
                            };
                            tenant: {
                                tenantId: string;
                                slug: string;
                                name: string;
                                status: string;
                            };
                            /** @enum {string} */
                            role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                            memberships: {
                                tenantId: string;
                                slug: string;
                                name: string;
                                status: string;
                                /** @enum {string} */
                                role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                            }[];
                            csrfToken: string;
                            expiresAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postSessionWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tenantId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            user: {
                                userId: string;
                                email: string;
                                name: string;
                            };
                            tenant: {
                                tenantId: string;
                                slug: string;
                                name: string;
                                status: string;
                            };
                            /** @enum {string} */
                            role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                            memberships: {
                                tenantId: string;
                                slug: string;
                                name: string;
                                status: string;
                                /** @enum {string} */
                                role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                            }[];
                            csrfToken: string;
                            expiresAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postSessionLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @enum {boolean} */
                            loggedOut: true;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only changes by this user id or API key id (or `operator`, `system`). */
                actorId?: string | ("operator" | "system");
                /** @description Only changes that name this id (a booking, a customer, a member, …). */
                targetId?: string;
                /** @description Only changes asked for at or after this instant. */
                fromMs?: number;
                /** @description Only changes asked for before this instant. */
                toMs?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                auditEventId: string;
                                tenantId: string;
                                /** @description When the change was asked for. */
                                occurredAtMs: number;
                                actor: {
                                    /** @enum {string} */
                                    type: "user" | "api_key" | "operator" | "system";
                                    /** @description The user id, the API key id, `operator` (the operator CLI) or `system`. */
                                    id: string;
                                    /** @description A user's role at the time; null for the others. */
                                    role: ("tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer") | null;
                                };
                                /** @description The operationId of the route (/openapi.json), the MCP tool or the CLI command. */
                                operation: string;
                                /** @enum {string} */
                                surface: "dashboard" | "partner" | "mcp" | "cli";
                                /** @description The ids the path (or the tool arguments) and the answer name, at most 10. */
                                targetIds: string[];
                                requestId: string;
                                /** @description IPv4 as it is, IPv6 cut to its /64; null for the CLI. */
                                clientAddress: string | null;
                                /**
                                 * @description pending: asked for, not answered yet; succeeded; failed: refused, nothing changed; unknown: the change may or may not have happened (a 5xx, or a process that stopped before the answer).
                                 * @enum {string}
                                 */
                                outcome: "pending" | "succeeded" | "failed" | "unknown";
                                /** @description The error code of a failed or unknown change. */
                                errorCode: string | null;
                                completedAtMs: number | null;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @enum {string} */
                            status: "ok";
                            services: {
                                [key: string]: "SERVING" | "NOT_SERVING" | "UNREACHABLE";
                            };
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The session's tenant (workspace). */
                        data: {
                            tenantId: string;
                            slug: string;
                            name: string;
                            /** @description active | disabled | suspended */
                            status: string;
                            timezone: string;
                            locale: string;
                            branding?: {
                                displayName: string;
                                logoUrl: string;
                                /** @description #rrggbb */
                                primaryColor: string;
                                /** @description #rrggbb */
                                accentColor: string;
                            };
                            /** @description How many days webhook delivery bodies, message bodies and audit records are kept. */
                            retention?: {
                                webhookBodyDays: number;
                                notificationBodyDays: number;
                                auditDays: number;
                            };
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * @description An IANA time zone. The list holds the canonical names; aliases (US/Eastern) and other letter cases are accepted too and stored canonical.
                     * @enum {string}
                     */
                    timezone?: "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC";
                    /** @description A BCP 47 language tag such as en or de-CH; stored in canonical case (a repeated variant once). */
                    locale?: string;
                    /** @description Only the branding fields sent change. */
                    branding?: {
                        displayName?: string;
                        /** @description An https URL; '' removes the logo. */
                        logoUrl?: string | "";
                        /** @description #rrggbb; '' clears it. */
                        primaryColor?: string;
                        /** @description #rrggbb; '' clears it. */
                        accentColor?: string;
                    };
                    /** @description Days to keep webhook delivery bodies (default 30) and message bodies (30), 1 to 3650, and audit records (365), 90 to 3650 and changed by owners only. Only the fields sent change (docs/operations.md "Retention"). */
                    retention?: {
                        webhookBodyDays?: number;
                        notificationBodyDays?: number;
                        /** @description 90 to 3650; owners only. */
                        auditDays?: number;
                    };
                } | unknown | unknown | unknown | {
                    branding: unknown;
                } | {
                    retention: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The session's tenant (workspace). */
                        data: {
                            tenantId: string;
                            slug: string;
                            name: string;
                            /** @description active | disabled | suspended */
                            status: string;
                            timezone: string;
                            locale: string;
                            branding?: {
                                displayName: string;
                                logoUrl: string;
                                /** @description #rrggbb */
                                primaryColor: string;
                                /** @description #rrggbb */
                                accentColor: string;
                            };
                            /** @description How many days webhook delivery bodies, message bodies and audit records are kept. */
                            retention?: {
                                webhookBodyDays: number;
                                notificationBodyDays: number;
                                auditDays: number;
                            };
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listServices: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only services in this status. */
                status?: "active" | "hidden" | "disabled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                serviceId: string;
                                tenantId: string;
                                categoryId: string;
                                slug: string;
                                name: string;
                                description: string;
                                durationMin: number;
                                bufferBeforeMin: number;
                                bufferAfterMin: number;
                                /** @description Distance between offered start times. */
                                slotIntervalMin: number;
                                /** @description Earliest bookable start, in minutes from now. */
                                minNoticeMin: number;
                                /** @description Latest bookable start, in days from now. */
                                maxAdvanceDays: number;
                                /** @description Minor units of priceCurrency. */
                                priceAmount: number;
                                priceCurrency: string;
                                staffIds: string[];
                                resourceIds: string[];
                                /** @description active | hidden | disabled */
                                status: string;
                                /** @description none | google_meet: the video meeting added to the booking in a Google calendar. */
                                conferencing: string;
                                /** @description manual | automatic. manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); automatic: the platform confirms it at once, so a create answers it `confirmed`. */
                                confirmation: string;
                                /** @description Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. The dashboard and partners can still cancel. */
                                cancelCutoffMin: number;
                                /** @description Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. The dashboard and partners can still reschedule. */
                                rescheduleCutoffMin: number;
                                /** @description Held and confirmed bookings of this service one staff member takes per day of their own time zone; 0 = no limit. A start past it is refused with the reason daily_limit. */
                                maxBookingsPerDay: number;
                                /** @description The intake questions a create answers in `answers`, in order (docs/decisions.md "Intake questions"). */
                                questions: {
                                    key: string;
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    required: boolean;
                                    /** @description The choices of a select or multiselect; empty otherwise. */
                                    options: string[];
                                }[];
                                /** @description Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it until their party sizes reach the seats; the session occupies its owner once. */
                                seats: number;
                                /** @description The largest `partySize` one booking may take. */
                                maxPartySize: number;
                                /** @description first_available | round_robin | collective. Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a week either side for their weight; collective, every listed staff member at once (naming one is refused). */
                                assignment: string;
                                /** @description round_robin shares by staff id, 1 to 100; a staff member without one has 1. */
                                staffWeights: {
                                    [key: string]: number;
                                };
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createService: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    slug: string;
                    name: string;
                    description?: string;
                    /** @description '' removes the category. */
                    categoryId?: string;
                    durationMin: number;
                    bufferBeforeMin?: number;
                    bufferAfterMin?: number;
                    /** @description Default: durationMin. */
                    slotIntervalMin?: number;
                    /** @description Default: 0. */
                    minNoticeMin?: number;
                    /** @description Default: 90. */
                    maxAdvanceDays?: number;
                    /** @description Integer minor units (cents). */
                    priceAmount?: number;
                    /** @description ISO 4217; '' removes the price. */
                    priceCurrency?: ("AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HRK" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SLL" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XDR" | "XOF" | "XPF" | "XSU" | "YER" | "ZAR" | "ZMW" | "ZWG" | "ZWL") | "";
                    /** @description Staff who can perform it; default []. */
                    staffIds?: string[];
                    /** @description Resources it needs; default []. */
                    resourceIds?: string[];
                    /**
                     * @description Default: active.
                     * @enum {string}
                     */
                    status?: "active" | "hidden" | "disabled";
                    /**
                     * @description google_meet: a Meet link is requested when the booking is written to a connected Google calendar. Default: none.
                     * @enum {string}
                     */
                    conferencing?: "none" | "google_meet";
                    /**
                     * @description manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); automatic: the platform confirms it at once, so a create answers it `confirmed`. Default: manual.
                     * @enum {string}
                     */
                    confirmation?: "manual" | "automatic";
                    /** @description Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. The dashboard and partners can still cancel. Default: 0. */
                    cancelCutoffMin?: number;
                    /** @description Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. The dashboard and partners can still reschedule. Default: 0. */
                    rescheduleCutoffMin?: number;
                    /** @description Held and confirmed bookings of this service one staff member takes per day of their own time zone; 0 = no limit. A start past it is refused with the reason daily_limit. Default: 0. */
                    maxBookingsPerDay?: number;
                    /** @description At most 20 intake questions, their keys unique; a create answers them in `answers`. The list replaces the questions; bookings keep the questions as they were asked. Default: []. */
                    questions?: ({
                        /** @description Names the answer; unique in the service. */
                        key: string;
                        /** @description What the customer is asked. */
                        label: string;
                        /** @description Default: false. A required checkbox must be ticked. */
                        required?: boolean;
                        /** @enum {string} */
                        type: "select" | "multiselect";
                        /** @description The choices, unique. */
                        options: string[];
                    } | {
                        /** @description Names the answer; unique in the service. */
                        key: string;
                        /** @description What the customer is asked. */
                        label: string;
                        /** @description Default: false. A required checkbox must be ticked. */
                        required?: boolean;
                        /** @enum {string} */
                        type: "text" | "textarea" | "checkbox" | "email" | "phone" | "number";
                        /** @description None for this type. */
                        options?: string[];
                    })[];
                    /** @description Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it until their party sizes reach the seats; the session occupies its owner once. Default: 1. */
                    seats?: number;
                    /** @description The largest `partySize` one booking may take. At most seats. Default: 1. */
                    maxPartySize?: number;
                    /**
                     * @description Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a week either side for their weight; collective, every listed staff member at once (naming one is refused). Not collective with seats. Default: first_available.
                     * @enum {string}
                     */
                    assignment?: "first_available" | "round_robin" | "collective";
                    /** @description round_robin shares by staff id, 1 to 100; a staff member without one has 1. Each names a staff member the service lists; replaces the weights. Default: {}. */
                    staffWeights?: {
                        [key: string]: number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A bookable service of the tenant. */
                        data: {
                            serviceId: string;
                            tenantId: string;
                            categoryId: string;
                            slug: string;
                            name: string;
                            description: string;
                            durationMin: number;
                            bufferBeforeMin: number;
                            bufferAfterMin: number;
                            /** @description Distance between offered start times. */
                            slotIntervalMin: number;
                            /** @description Earliest bookable start, in minutes from now. */
                            minNoticeMin: number;
                            /** @description Latest bookable start, in days from now. */
                            maxAdvanceDays: number;
                            /** @description Minor units of priceCurrency. */
                            priceAmount: number;
                            priceCurrency: string;
                            staffIds: string[];
                            resourceIds: string[];
                            /** @description active | hidden | disabled */
                            status: string;
                            /** @description none | google_meet: the video meeting added to the booking in a Google calendar. */
                            conferencing: string;
                            /** @description manual | automatic. manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); automatic: the platform confirms it at once, so a create answers it `confirmed`. */
                            confirmation: string;
                            /** @description Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. The dashboard and partners can still cancel. */
                            cancelCutoffMin: number;
                            /** @description Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. The dashboard and partners can still reschedule. */
                            rescheduleCutoffMin: number;
                            /** @description Held and confirmed bookings of this service one staff member takes per day of their own time zone; 0 = no limit. A start past it is refused with the reason daily_limit. */
                            maxBookingsPerDay: number;
                            /** @description The intake questions a create answers in `answers`, in order (docs/decisions.md "Intake questions"). */
                            questions: {
                                key: string;
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                required: boolean;
                                /** @description The choices of a select or multiselect; empty otherwise. */
                                options: string[];
                            }[];
                            /** @description Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it until their party sizes reach the seats; the session occupies its owner once. */
                            seats: number;
                            /** @description The largest `partySize` one booking may take. */
                            maxPartySize: number;
                            /** @description first_available | round_robin | collective. Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a week either side for their weight; collective, every listed staff member at once (naming one is refused). */
                            assignment: string;
                            /** @description round_robin shares by staff id, 1 to 100; a staff member without one has 1. */
                            staffWeights: {
                                [key: string]: number;
                            };
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A bookable service of the tenant. */
                        data: {
                            serviceId: string;
                            tenantId: string;
                            categoryId: string;
                            slug: string;
                            name: string;
                            description: string;
                            durationMin: number;
                            bufferBeforeMin: number;
                            bufferAfterMin: number;
                            /** @description Distance between offered start times. */
                            slotIntervalMin: number;
                            /** @description Earliest bookable start, in minutes from now. */
                            minNoticeMin: number;
                            /** @description Latest bookable start, in days from now. */
                            maxAdvanceDays: number;
                            /** @description Minor units of priceCurrency. */
                            priceAmount: number;
                            priceCurrency: string;
                            staffIds: string[];
                            resourceIds: string[];
                            /** @description active | hidden | disabled */
                            status: string;
                            /** @description none | google_meet: the video meeting added to the booking in a Google calendar. */
                            conferencing: string;
                            /** @description manual | automatic. manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); automatic: the platform confirms it at once, so a create answers it `confirmed`. */
                            confirmation: string;
                            /** @description Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. The dashboard and partners can still cancel. */
                            cancelCutoffMin: number;
                            /** @description Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. The dashboard and partners can still reschedule. */
                            rescheduleCutoffMin: number;
                            /** @description Held and confirmed bookings of this service one staff member takes per day of their own time zone; 0 = no limit. A start past it is refused with the reason daily_limit. */
                            maxBookingsPerDay: number;
                            /** @description The intake questions a create answers in `answers`, in order (docs/decisions.md "Intake questions"). */
                            questions: {
                                key: string;
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                required: boolean;
                                /** @description The choices of a select or multiselect; empty otherwise. */
                                options: string[];
                            }[];
                            /** @description Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it until their party sizes reach the seats; the session occupies its owner once. */
                            seats: number;
                            /** @description The largest `partySize` one booking may take. */
                            maxPartySize: number;
                            /** @description first_available | round_robin | collective. Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a week either side for their weight; collective, every listed staff member at once (naming one is refused). */
                            assignment: string;
                            /** @description round_robin shares by staff id, 1 to 100; a staff member without one has 1. */
                            staffWeights: {
                                [key: string]: number;
                            };
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    slug?: string;
                    name?: string;
                    description?: string;
                    /** @description '' removes the category. */
                    categoryId?: string;
                    durationMin?: number;
                    bufferBeforeMin?: number;
                    bufferAfterMin?: number;
                    /** @description Default: durationMin. */
                    slotIntervalMin?: number;
                    /** @description Default: 0. */
                    minNoticeMin?: number;
                    /** @description Default: 90. */
                    maxAdvanceDays?: number;
                    /** @description Integer minor units (cents). */
                    priceAmount?: number;
                    /** @description ISO 4217; '' removes the price. */
                    priceCurrency?: ("AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HRK" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SLL" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XDR" | "XOF" | "XPF" | "XSU" | "YER" | "ZAR" | "ZMW" | "ZWG" | "ZWL") | "";
                    /** @description Staff who can perform it; default []. */
                    staffIds?: string[];
                    /** @description Resources it needs; default []. */
                    resourceIds?: string[];
                    /**
                     * @description Default: active.
                     * @enum {string}
                     */
                    status?: "active" | "hidden" | "disabled";
                    /**
                     * @description google_meet: a Meet link is requested when the booking is written to a connected Google calendar. Default: none.
                     * @enum {string}
                     */
                    conferencing?: "none" | "google_meet";
                    /**
                     * @description manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); automatic: the platform confirms it at once, so a create answers it `confirmed`. Default: manual.
                     * @enum {string}
                     */
                    confirmation?: "manual" | "automatic";
                    /** @description Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. The dashboard and partners can still cancel. Default: 0. */
                    cancelCutoffMin?: number;
                    /** @description Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. The dashboard and partners can still reschedule. Default: 0. */
                    rescheduleCutoffMin?: number;
                    /** @description Held and confirmed bookings of this service one staff member takes per day of their own time zone; 0 = no limit. A start past it is refused with the reason daily_limit. Default: 0. */
                    maxBookingsPerDay?: number;
                    /** @description At most 20 intake questions, their keys unique; a create answers them in `answers`. The list replaces the questions; bookings keep the questions as they were asked. Default: []. */
                    questions?: ({
                        /** @description Names the answer; unique in the service. */
                        key: string;
                        /** @description What the customer is asked. */
                        label: string;
                        /** @description Default: false. A required checkbox must be ticked. */
                        required?: boolean;
                        /** @enum {string} */
                        type: "select" | "multiselect";
                        /** @description The choices, unique. */
                        options: string[];
                    } | {
                        /** @description Names the answer; unique in the service. */
                        key: string;
                        /** @description What the customer is asked. */
                        label: string;
                        /** @description Default: false. A required checkbox must be ticked. */
                        required?: boolean;
                        /** @enum {string} */
                        type: "text" | "textarea" | "checkbox" | "email" | "phone" | "number";
                        /** @description None for this type. */
                        options?: string[];
                    })[];
                    /** @description Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it until their party sizes reach the seats; the session occupies its owner once. Default: 1. */
                    seats?: number;
                    /** @description The largest `partySize` one booking may take. At most seats. Default: 1. */
                    maxPartySize?: number;
                    /**
                     * @description Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a week either side for their weight; collective, every listed staff member at once (naming one is refused). Not collective with seats. Default: first_available.
                     * @enum {string}
                     */
                    assignment?: "first_available" | "round_robin" | "collective";
                    /** @description round_robin shares by staff id, 1 to 100; a staff member without one has 1. Each names a staff member the service lists; replaces the weights. Default: {}. */
                    staffWeights?: {
                        [key: string]: number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A bookable service of the tenant. */
                        data: {
                            serviceId: string;
                            tenantId: string;
                            categoryId: string;
                            slug: string;
                            name: string;
                            description: string;
                            durationMin: number;
                            bufferBeforeMin: number;
                            bufferAfterMin: number;
                            /** @description Distance between offered start times. */
                            slotIntervalMin: number;
                            /** @description Earliest bookable start, in minutes from now. */
                            minNoticeMin: number;
                            /** @description Latest bookable start, in days from now. */
                            maxAdvanceDays: number;
                            /** @description Minor units of priceCurrency. */
                            priceAmount: number;
                            priceCurrency: string;
                            staffIds: string[];
                            resourceIds: string[];
                            /** @description active | hidden | disabled */
                            status: string;
                            /** @description none | google_meet: the video meeting added to the booking in a Google calendar. */
                            conferencing: string;
                            /** @description manual | automatic. manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); automatic: the platform confirms it at once, so a create answers it `confirmed`. */
                            confirmation: string;
                            /** @description Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. The dashboard and partners can still cancel. */
                            cancelCutoffMin: number;
                            /** @description Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. The dashboard and partners can still reschedule. */
                            rescheduleCutoffMin: number;
                            /** @description Held and confirmed bookings of this service one staff member takes per day of their own time zone; 0 = no limit. A start past it is refused with the reason daily_limit. */
                            maxBookingsPerDay: number;
                            /** @description The intake questions a create answers in `answers`, in order (docs/decisions.md "Intake questions"). */
                            questions: {
                                key: string;
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                required: boolean;
                                /** @description The choices of a select or multiselect; empty otherwise. */
                                options: string[];
                            }[];
                            /** @description Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it until their party sizes reach the seats; the session occupies its owner once. */
                            seats: number;
                            /** @description The largest `partySize` one booking may take. */
                            maxPartySize: number;
                            /** @description first_available | round_robin | collective. Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a week either side for their weight; collective, every listed staff member at once (naming one is refused). */
                            assignment: string;
                            /** @description round_robin shares by staff id, 1 to 100; a staff member without one has 1. */
                            staffWeights: {
                                [key: string]: number;
                            };
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listStaff: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                staffId: string;
                                tenantId: string;
                                /** @description The dashboard user this staff member is, if any. */
                                userId: string;
                                displayName: string;
                                email: string;
                                timezone: string;
                                /** @description active | disabled */
                                status: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName: string;
                    userId?: string;
                    email?: string | "";
                    /** @description Default ('' or absent): the tenant's time zone. */
                    timezone?: ("Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC") | "";
                    /**
                     * @description Default: active.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A person who performs services. */
                        data: {
                            staffId: string;
                            tenantId: string;
                            /** @description The dashboard user this staff member is, if any. */
                            userId: string;
                            displayName: string;
                            email: string;
                            timezone: string;
                            /** @description active | disabled */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                staffId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A person who performs services. */
                        data: {
                            staffId: string;
                            tenantId: string;
                            /** @description The dashboard user this staff member is, if any. */
                            userId: string;
                            displayName: string;
                            email: string;
                            timezone: string;
                            /** @description active | disabled */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                staffId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName?: string;
                    userId?: string;
                    email?: string | "";
                    /** @description Default ('' or absent): the tenant's time zone. */
                    timezone?: ("Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC") | "";
                    /**
                     * @description Default: active.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A person who performs services. */
                        data: {
                            staffId: string;
                            tenantId: string;
                            /** @description The dashboard user this staff member is, if any. */
                            userId: string;
                            displayName: string;
                            email: string;
                            timezone: string;
                            /** @description active | disabled */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listResources: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                resourceId: string;
                                tenantId: string;
                                /** @description Kind of resource, e.g. room or equipment. */
                                type: string;
                                name: string;
                                locationLabel: string;
                                /** @description Bookings it can hold at the same time. */
                                capacity: number;
                                /** @description active | disabled */
                                status: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createResource: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type: string;
                    name: string;
                    locationLabel?: string;
                    /** @description Default: 1. */
                    capacity?: number;
                    /**
                     * @description Default: active.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A room, seat or piece of equipment a service needs. */
                        data: {
                            resourceId: string;
                            tenantId: string;
                            /** @description Kind of resource, e.g. room or equipment. */
                            type: string;
                            name: string;
                            locationLabel: string;
                            /** @description Bookings it can hold at the same time. */
                            capacity: number;
                            /** @description active | disabled */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getResource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                resourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A room, seat or piece of equipment a service needs. */
                        data: {
                            resourceId: string;
                            tenantId: string;
                            /** @description Kind of resource, e.g. room or equipment. */
                            type: string;
                            name: string;
                            locationLabel: string;
                            /** @description Bookings it can hold at the same time. */
                            capacity: number;
                            /** @description active | disabled */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateResource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                resourceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type?: string;
                    name?: string;
                    locationLabel?: string;
                    /** @description Default: 1. */
                    capacity?: number;
                    /**
                     * @description Default: active.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A room, seat or piece of equipment a service needs. */
                        data: {
                            resourceId: string;
                            tenantId: string;
                            /** @description Kind of resource, e.g. room or equipment. */
                            type: string;
                            name: string;
                            locationLabel: string;
                            /** @description Bookings it can hold at the same time. */
                            capacity: number;
                            /** @description active | disabled */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listAvailabilityRules: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only rules of this owner type. */
                ownerType?: "tenant" | "staff" | "resource";
                /** @description Only rules of this owner. */
                ownerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                ruleId: string;
                                tenantId: string;
                                /** @description tenant | staff | resource */
                                ownerType: string;
                                /** @description Staff or resource id; for tenant rules the tenant. */
                                ownerId: string;
                                /** @description 0 = Sunday … 6 = Saturday. */
                                weekday: number;
                                /** @description Minutes after midnight, wall clock in timezone. */
                                startMinute: number;
                                /** @description Exclusive; 1440 is midnight at the end of the day. */
                                endMinute: number;
                                timezone: string;
                                /** @description Inclusive start of the rule; null when it has none. */
                                effectiveFromAtMs: number | null;
                                /** @description Exclusive end of the rule; null when it has none. */
                                effectiveUntilAtMs: number | null;
                                /** @description active | deleted */
                                status: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createAvailabilityRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ownerType: "tenant" | "staff" | "resource";
                    /** @description Required for staff and resource rules. */
                    ownerId?: string;
                    /** @description 0 = Sunday … 6 = Saturday. */
                    weekday: number;
                    startMinute: number;
                    endMinute: number;
                    /** @description Default ('' or absent): the staff member's, else the tenant's time zone. */
                    timezone?: ("Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC") | "";
                    /** @description Inclusive; 0 removes the bound. */
                    effectiveFromAtMs?: number | 0;
                    /** @description Exclusive; 0 removes the bound. */
                    effectiveUntilAtMs?: number | 0;
                    /** @enum {string} */
                    status?: "active";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description Weekly working hours of the tenant, a staff member or a resource. */
                        data: {
                            ruleId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            /** @description Staff or resource id; for tenant rules the tenant. */
                            ownerId: string;
                            /** @description 0 = Sunday … 6 = Saturday. */
                            weekday: number;
                            /** @description Minutes after midnight, wall clock in timezone. */
                            startMinute: number;
                            /** @description Exclusive; 1440 is midnight at the end of the day. */
                            endMinute: number;
                            timezone: string;
                            /** @description Inclusive start of the rule; null when it has none. */
                            effectiveFromAtMs: number | null;
                            /** @description Exclusive end of the rule; null when it has none. */
                            effectiveUntilAtMs: number | null;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getAvailabilityRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description Weekly working hours of the tenant, a staff member or a resource. */
                        data: {
                            ruleId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            /** @description Staff or resource id; for tenant rules the tenant. */
                            ownerId: string;
                            /** @description 0 = Sunday … 6 = Saturday. */
                            weekday: number;
                            /** @description Minutes after midnight, wall clock in timezone. */
                            startMinute: number;
                            /** @description Exclusive; 1440 is midnight at the end of the day. */
                            endMinute: number;
                            timezone: string;
                            /** @description Inclusive start of the rule; null when it has none. */
                            effectiveFromAtMs: number | null;
                            /** @description Exclusive end of the rule; null when it has none. */
                            effectiveUntilAtMs: number | null;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateAvailabilityRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                ruleId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ownerType?: "tenant" | "staff" | "resource";
                    /** @description Required for staff and resource rules. */
                    ownerId?: string;
                    /** @description 0 = Sunday … 6 = Saturday. */
                    weekday?: number;
                    startMinute?: number;
                    endMinute?: number;
                    /**
                     * @description An IANA time zone. The list holds the canonical names; aliases (US/Eastern) and other letter cases are accepted too and stored canonical.
                     * @enum {string}
                     */
                    timezone?: "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC";
                    /** @description Inclusive; 0 removes the bound. */
                    effectiveFromAtMs?: number | 0;
                    /** @description Exclusive; 0 removes the bound. */
                    effectiveUntilAtMs?: number | 0;
                    /** @enum {string} */
                    status?: "active" | "deleted";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description Weekly working hours of the tenant, a staff member or a resource. */
                        data: {
                            ruleId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            /** @description Staff or resource id; for tenant rules the tenant. */
                            ownerId: string;
                            /** @description 0 = Sunday … 6 = Saturday. */
                            weekday: number;
                            /** @description Minutes after midnight, wall clock in timezone. */
                            startMinute: number;
                            /** @description Exclusive; 1440 is midnight at the end of the day. */
                            endMinute: number;
                            timezone: string;
                            /** @description Inclusive start of the rule; null when it has none. */
                            effectiveFromAtMs: number | null;
                            /** @description Exclusive end of the rule; null when it has none. */
                            effectiveUntilAtMs: number | null;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listBlockedTimes: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only blocks ending after this instant. */
                fromMs?: number;
                /** @description Only blocks starting before this instant. */
                toMs?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                blockId: string;
                                tenantId: string;
                                /** @description tenant | staff | resource */
                                ownerType: string;
                                ownerId: string;
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                reason: string;
                                /** @description active | deleted */
                                status: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createBlockedTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ownerType: "tenant" | "staff" | "resource";
                    /** @description Required for staff and resource blocks. */
                    ownerId?: string;
                    /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                    startsAtMs: number;
                    /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                    endsAtMs: number;
                    reason?: string;
                    /** @enum {string} */
                    status?: "active";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A period in which the tenant, a staff member or a resource cannot be booked. */
                        data: {
                            blockId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            ownerId: string;
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            reason: string;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBlockedTime: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                blockId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A period in which the tenant, a staff member or a resource cannot be booked. */
                        data: {
                            blockId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            ownerId: string;
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            reason: string;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateBlockedTime: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                blockId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ownerType?: "tenant" | "staff" | "resource";
                    /** @description Required for staff and resource blocks. */
                    ownerId?: string;
                    /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                    startsAtMs?: number;
                    /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                    endsAtMs?: number;
                    reason?: string;
                    /** @enum {string} */
                    status?: "active" | "deleted";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A period in which the tenant, a staff member or a resource cannot be booked. */
                        data: {
                            blockId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            ownerId: string;
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            reason: string;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listHolidays: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                holidayId: string;
                                tenantId: string;
                                /** @description YYYY-MM-DD in the tenant's time zone. */
                                date: string;
                                name: string;
                                /** @description active | deleted */
                                status: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the tenant's time zone.
                     */
                    date: string;
                    name?: string;
                    /** @enum {string} */
                    status?: "active";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A day on which the whole tenant is closed. */
                        data: {
                            holidayId: string;
                            tenantId: string;
                            /** @description YYYY-MM-DD in the tenant's time zone. */
                            date: string;
                            name: string;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                holidayId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A day on which the whole tenant is closed. */
                        data: {
                            holidayId: string;
                            tenantId: string;
                            /** @description YYYY-MM-DD in the tenant's time zone. */
                            date: string;
                            name: string;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                holidayId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the tenant's time zone.
                     */
                    date?: string;
                    name?: string;
                    /** @enum {string} */
                    status?: "active" | "deleted";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A day on which the whole tenant is closed. */
                        data: {
                            holidayId: string;
                            tenantId: string;
                            /** @description YYYY-MM-DD in the tenant's time zone. */
                            date: string;
                            name: string;
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listDateOverrides: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only overrides of this date or later. */
                fromDate?: string;
                /** @description Only overrides of this date or earlier. */
                toDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                overrideId: string;
                                tenantId: string;
                                /** @description tenant | staff | resource */
                                ownerType: string;
                                ownerId: string;
                                /** @description YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's). */
                                date: string;
                                /** @description The hours that day, in order; none: closed. */
                                windows: {
                                    startMinute: number;
                                    endMinute: number;
                                }[];
                                /** @description active | deleted */
                                status: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createDateOverride: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ownerType: "tenant" | "staff" | "resource";
                    /** @description Required for staff and resource overrides. */
                    ownerId?: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's).
                     */
                    date: string;
                    /** @description The owner's hours on that date, wall clock in its time zone: at most 12 windows, each startMinute < endMinute, none overlapping another; [] closes the day. */
                    windows: {
                        /** @description Minutes after the local midnight. */
                        startMinute: number;
                        /** @description Exclusive; 1440 is the next midnight. */
                        endMinute: number;
                    }[];
                    /** @enum {string} */
                    status?: "active";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description One date on which an owner's hours are these windows instead of its weekly rules. */
                        data: {
                            overrideId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            ownerId: string;
                            /** @description YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's). */
                            date: string;
                            /** @description The hours that day, in order; none: closed. */
                            windows: {
                                startMinute: number;
                                endMinute: number;
                            }[];
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getDateOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                overrideId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description One date on which an owner's hours are these windows instead of its weekly rules. */
                        data: {
                            overrideId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            ownerId: string;
                            /** @description YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's). */
                            date: string;
                            /** @description The hours that day, in order; none: closed. */
                            windows: {
                                startMinute: number;
                                endMinute: number;
                            }[];
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateDateOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                overrideId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    ownerType?: "tenant" | "staff" | "resource";
                    /** @description Required for staff and resource overrides. */
                    ownerId?: string;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's).
                     */
                    date?: string;
                    /** @description The owner's hours on that date, wall clock in its time zone: at most 12 windows, each startMinute < endMinute, none overlapping another; [] closes the day. */
                    windows?: {
                        /** @description Minutes after the local midnight. */
                        startMinute: number;
                        /** @description Exclusive; 1440 is the next midnight. */
                        endMinute: number;
                    }[];
                    /** @enum {string} */
                    status?: "active" | "deleted";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description One date on which an owner's hours are these windows instead of its weekly rules. */
                        data: {
                            overrideId: string;
                            tenantId: string;
                            /** @description tenant | staff | resource */
                            ownerType: string;
                            ownerId: string;
                            /** @description YYYY-MM-DD in the owner's time zone (a staff member's own, else the tenant's). */
                            date: string;
                            /** @description The hours that day, in order; none: closed. */
                            windows: {
                                startMinute: number;
                                endMinute: number;
                            }[];
                            /** @description active | deleted */
                            status: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description Search, case- and accent-insensitive: a prefix of any word of the name (and the name from that word on), of the email or a word of its local part, of its domain, or of the phone digits (with the country code, with the trunk prefix such as 0151, or without either). Blank lists everyone. */
                q?: string;
                /** @description Page size, 1 to 100 (default 25). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque), sent with the same q. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                customerId: string;
                                tenantId: string;
                                /** @description Lower-case; null when the customer has none. */
                                primaryEmail: string | null;
                                /** @description E.164; null when the customer has none. */
                                phone: string | null;
                                /** @description '' only for a customer a booking made without a name. */
                                name: string;
                                /** @description BCP 47, or '' when unknown. */
                                locale: string;
                                /** @description IANA time zone, or '' when unknown. */
                                timezone: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                                /**
                                 * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                                 * @enum {string}
                                 */
                                status: "active" | "erased";
                                /** @description When the customer was erased; null while active. */
                                erasedAtMs: number | null;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, not only whitespace; stored trimmed. */
                    name: string;
                    /** @description An email address, stored lower-case; null removes it. */
                    primaryEmail?: string | null;
                    phone?: string | null;
                    /** @description BCP 47; null removes it. */
                    locale?: string | null;
                    /** @description An IANA time zone; null removes it. */
                    timezone?: ("Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC") | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A customer of the tenant. */
                        data: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A customer of the tenant. */
                        data: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, not only whitespace; stored trimmed. */
                    name?: string;
                    /** @description An email address, stored lower-case; null removes it. */
                    primaryEmail?: string | null;
                    phone?: string | null;
                    /** @description BCP 47; null removes it. */
                    locale?: string | null;
                    /** @description An IANA time zone; null removes it. */
                    timezone?: ("Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC") | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A customer of the tenant. */
                        data: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getCustomersExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        exportedAtMs: number;
                        tenantId: string;
                        /** @description A customer of the tenant. */
                        customer: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        /** @description Every booking of the customer, oldest first, each with its history. */
                        bookings: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                            history: {
                                eventId: string;
                                /** @enum {string} */
                                type: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                                occurredAtMs: number;
                                /** @description customer | staff | partner | system; null for the create. */
                                actor: string | null;
                                /**
                                 * @description The status the change left.
                                 * @enum {string}
                                 */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                endsAtMs: number;
                            }[];
                        }[];
                        /** @description Every message sent about the customer’s bookings (to them, the business or staff), oldest first. */
                        notifications: {
                            notificationId: string;
                            bookingId: string;
                            customerId: string | null;
                            /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                            eventId: string;
                            /** @enum {string} */
                            template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                            /** @enum {string} */
                            channel: "email" | "sms";
                            /** @enum {string} */
                            recipientKind: "customer" | "business" | "staff";
                            /** @description The email address or phone number. */
                            recipient: string;
                            /** @description '' for SMS. */
                            subject: string;
                            /**
                             * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "suppressed";
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            /** @description The last failure (an SMTP reply code and text), without the address. */
                            lastError: string | null;
                            /** @description The Message-ID header (email), the same on every retry of a series. */
                            messageId: string | null;
                            sentAtMs: number | null;
                            /** @description 1 + the number of resends. */
                            series: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                            bodyText: string;
                            /** @description When retention or an erase removed the body; null while it is held. */
                            bodyRemovedAtMs: number | null;
                        }[];
                        /** @description Every webhook delivery of the events of their bookings, with its signed body while held. */
                        webhookDeliveries: {
                            deliveryId: string;
                            tenantId: string;
                            subscriptionId: string;
                            /** @description The event id (X-Service-Event-Id), the same on every attempt and replay. */
                            eventId: string;
                            /** @enum {string} */
                            eventType: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                            bookingId: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            /** @description 1 + the number of replays. */
                            series: number;
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description Every attempt, oldest first. */
                            attempts: {
                                /** @description 1 for the original series, 2 for the first replay, … */
                                series: number;
                                /** @description 1 to 6 within its series. */
                                attemptNo: number;
                                startedAtMs: number;
                                durationMs: number;
                                /** @description null when no response arrived. */
                                responseStatus: number | null;
                                /** @description A short reason when the attempt failed. */
                                error: string | null;
                                /** @description When the next attempt of its series was due. */
                                nextAttemptAtMs: number | null;
                            }[];
                            body: string;
                            /** @description When retention or an erase removed the body; null while it is held. */
                            bodyRemovedAtMs: number | null;
                        }[];
                        calendarEvents: {
                            bookingId: string;
                            staffId: string;
                            /** @description The booking in the staff member’s connected calendar; null when it has none. */
                            calendarSync: {
                                /**
                                 * @description `pending`: being written or retried; `removed`: taken out after a cancel or no-show.
                                 * @enum {string}
                                 */
                                status: "pending" | "synced" | "failed" | "removed";
                                /** @description `caldav`; empty before the first write. */
                                provider: string;
                                /** @description The event at the provider (CalDAV: its resource URL). */
                                externalEventId: string | null;
                                /** @description The video meeting link, when the provider made one. */
                                meetingUrl: string | null;
                            } | null;
                            calendarId: string | null;
                            /** @description The event's title as last written; '' once removed. */
                            summary: string;
                            /** @description The event's description as last written; '' once removed. */
                            description: string;
                            updatedAtMs: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postCustomersErase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        /** @description The confirmation. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The customer id again, as the confirmation that this customer goes. */
                    confirmCustomerId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The erase, done. */
                        data: {
                            customerId: string;
                            /** @enum {string} */
                            status: "erased";
                            /** @description The customer’s bookings: kept, without their personal data. */
                            bookings: number;
                            /** @description Open bookings the erase cancelled first (reason `customer_erased`). */
                            cancelled: number;
                            /** @description When the erase was first asked for. */
                            requestedAtMs: number;
                            completedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getAvailabilityExplain: {
        parameters: {
            query: {
                serviceId: string;
                /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                startsAtMs: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            serviceId: string;
                            serviceSlug: string;
                            timezone: string;
                            startsAtMs: number;
                            endsAtMs: number;
                            /** @description Whether a create at this start would get the slot right now. */
                            free: boolean;
                            /**
                             * @description `free`, else what stops the start first: the tenant or the service not active, then the engine (docs/decisions.md "Availability"): notice, advance, hours, grid, holiday, block, booking, and `daily_limit` (the staff member has the service's maxBookingsPerDay on that local day).
                             * @enum {string}
                             */
                            reason: "free" | "tenant_inactive" | "service_inactive" | "too_soon" | "too_far" | "outside_hours" | "misaligned" | "holiday" | "blocked" | "taken" | "daily_limit";
                            /** @description Whom the reason concerns (which staff member is blocked, which resource is full); null when free. */
                            owner: {
                                /** @enum {string} */
                                ownerType: "tenant" | "service" | "staff" | "resource";
                                ownerId: string;
                            } | null;
                            /** @description The staff member a create would assign, when free. */
                            staffId: string | null;
                            /** @description The resource a create would assign, when free. */
                            resourceId: string | null;
                            /** @description For `outside_hours` on a date whose hours a date override sets (the tenant’s, or the owner’s): which override it is; null otherwise. */
                            override: {
                                /** @enum {string} */
                                ownerType: "tenant" | "staff" | "resource";
                                ownerId: string;
                                date: string;
                            } | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBookConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            tenant: {
                                slug: string;
                                name: string;
                                timezone: string;
                                locale: string;
                                branding: {
                                    displayName: string;
                                    logoUrl: string;
                                    primaryColor: string;
                                    accentColor: string;
                                };
                            };
                            services: {
                                slug: string;
                                name: string;
                                description: string;
                                durationMin: number;
                                price: {
                                    amount: number;
                                    currency: string;
                                } | null;
                                /** @description How long before the start the customer's manage link stops cancelling; 0 = until it starts. */
                                cancelCutoffMin: number;
                                /** @description The same for moving the booking. */
                                rescheduleCutoffMin: number;
                                /** @description Above 1 a session whose slots say their seats left (docs/decisions.md "Seats"). */
                                seats: number;
                                /** @description The largest party one booking may bring. */
                                maxPartySize: number;
                                /** @description What a create answers in `answers` (docs/decisions.md "Intake questions"). */
                                questions: {
                                    key: string;
                                    label: string;
                                    /** @enum {string} */
                                    type: "text" | "textarea" | "select" | "multiselect" | "checkbox" | "email" | "phone" | "number";
                                    required: boolean;
                                    options: string[];
                                }[];
                                /** @description Whom the customer may choose (availability and create take `staffId`); empty when the service books its whole team together (docs/decisions.md "Staff assignment"). */
                                staff: {
                                    staffId: string;
                                    displayName: string;
                                }[];
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBookAvailability: {
        parameters: {
            query: {
                serviceSlug: string;
                /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                fromMs: number;
                /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                toMs: number;
                /** @description Only slots with room for a party of this many (a seated service). Default: 1. */
                partySize?: number;
                staffId?: string;
            };
            header?: never;
            path: {
                tenantSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            serviceSlug: string;
                            timezone: string;
                            fromMs: number;
                            toMs: number;
                            slots: {
                                startsAtMs: number;
                                endsAtMs: number;
                                /** @description For a seated service only: the most seats one booking could still take at this start. */
                                seatsLeft?: number;
                            }[];
                            /** @enum {string} */
                            finalAuthority: "booking_create_recheck_under_lock";
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createBooking: {
        parameters: {
            query?: never;
            header: {
                "idempotency-key": string;
            };
            path: {
                tenantSlug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    serviceSlug: string;
                    /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                    startsAtMs: number;
                    /**
                     * @default public_page
                     * @enum {string}
                     */
                    source?: "public_page";
                    customer: {
                        /** @description At most 200 characters, not only whitespace; stored trimmed. */
                        name: string;
                        /** @description An email address, at most 254 characters; stored lower-case. */
                        primaryEmail?: string;
                        /**
                         * @description An international phone number: + or 00, the country code, then a number of a possible length for that country (libphonenumber). The pattern states the E.164 form (+, country code, national number); the server also takes 00 for + and spaces, dots, dashes and parentheses. Stored as E.164.
                         * @example +14155550123
                         */
                        phone?: string;
                        /** @description A BCP 47 language tag such as en or de-CH; stored in canonical case (a repeated variant once). */
                        locale?: string;
                    } | unknown | unknown;
                    notes?: string;
                    /**
                     * @description An IANA time zone. The list holds the canonical names; aliases (US/Eastern) and other letter cases are accepted too and stored canonical.
                     * @enum {string}
                     */
                    timezone?: "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC";
                    staffId?: string;
                    /** @description The answers to the service’s questions by key: text, textarea, email and phone a string (email and phone in the shared formats), select one option, multiselect a list of options, checkbox true or false, number a number. A required question must be answered (a required checkbox ticked); a key the service does not ask is refused. Errors name body.answers.<key>. */
                    answers?: {
                        [key: string]: string | number | boolean | string[];
                    };
                    /** @description The seats the booking takes in a session of a seated service, 1 to the service's maxPartySize (at most 1000). Default: 1. */
                    partySize?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            booking: {
                                bookingId: string;
                                /** @description held (the business confirms it within 10 minutes), or confirmed for an automatic service. */
                                status: string;
                                /** @description The staff member it went to (a named one when free, else the policy chose); null when the service lists none or books its whole team. */
                                staffId: string | null;
                            };
                            idempotentReplay: boolean;
                            manageToken: string;
                            manageUrl: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            booking: {
                                bookingId: string;
                                /** @description held (the business confirms it within 10 minutes), or confirmed for an automatic service. */
                                status: string;
                                /** @description The staff member it went to (a named one when free, else the policy chose); null when the service lists none or books its whole team. */
                                staffId: string | null;
                            };
                            idempotentReplay: boolean;
                            manageToken: string;
                            manageUrl: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listBookings: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only bookings in this status. */
                status?: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                /** @description Only bookings starting at or after this instant. */
                fromMs?: number;
                /** @description Only bookings starting before this instant. */
                toMs?: number;
                /** @description Only bookings of this service. */
                serviceId?: string;
                /** @description Only bookings assigned to this staff member. */
                staffId?: string;
                /** @description Only bookings of this customer. */
                customerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                bookingId: string;
                                tenantId: string;
                                serviceId: string;
                                serviceSlug: string;
                                /** @description The staff member assigned; null when the service lists none. */
                                staffId: string | null;
                                /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                                staffIds: string[];
                                /** @description The resource assigned; null when the service lists none. */
                                resourceId: string | null;
                                customerId: string;
                                /** @enum {string} */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                /** @description The customer's IANA time zone. */
                                timezone: string;
                                /** @description public_page | dashboard | partner_api | mcp */
                                source: string;
                                notes: string;
                                /** @description When a held booking stops holding its slot. */
                                holdExpiresAtMs: number | null;
                                /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                                cancelReason: string | null;
                                noShowReason: string | null;
                                /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                                answers: {
                                    key: string;
                                    /** @description The question as the customer was asked it. */
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                    value: (string | number | boolean | string[]) | null;
                                }[];
                                /** @description The seats it takes in its session (1 for a service without seats). */
                                partySize: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description The booking in the staff member’s connected calendar; null when it has none. */
                            calendarSync: {
                                /**
                                 * @description `pending`: being written or retried; `removed`: taken out after a cancel or no-show.
                                 * @enum {string}
                                 */
                                status: "pending" | "synced" | "failed" | "removed";
                                /** @description `caldav`; empty before the first write. */
                                provider: string;
                                /** @description The event at the provider (CalDAV: its resource URL). */
                                externalEventId: string | null;
                                /** @description The video meeting link, when the provider made one. */
                                meetingUrl: string | null;
                            } | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                eventId: string;
                                /** @enum {string} */
                                type: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                                occurredAtMs: number;
                                /** @description customer | staff | partner | system; null for the create. */
                                actor: string | null;
                                /**
                                 * @description The status the change left.
                                 * @enum {string}
                                 */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                endsAtMs: number;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingsConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingsCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, `{}`, or `{ reason }`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Optional, at most 500 characters; blank is the same as none. */
                    reason?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingsComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingsNoShow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, `{}`, or `{ reason }`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Optional, at most 500 characters; blank is the same as none. */
                    reason?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingsReschedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new start. */
                    startsAtMs: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBookingManage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The manage token of the booking (`manageToken` of the create response, the last segment of `manageUrl`). A token that is malformed, forged, expired or names no booking of its customer is NOT_FOUND; one whose action set lacks what the route does is FORBIDDEN. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope, or the HTML page when Accept prefers text/html */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description A booking. */
                            booking: {
                                bookingId: string;
                                tenantId: string;
                                serviceId: string;
                                serviceSlug: string;
                                /** @description The staff member assigned; null when the service lists none. */
                                staffId: string | null;
                                /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                                staffIds: string[];
                                /** @description The resource assigned; null when the service lists none. */
                                resourceId: string | null;
                                customerId: string;
                                /** @enum {string} */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                /** @description The customer's IANA time zone. */
                                timezone: string;
                                /** @description public_page | dashboard | partner_api | mcp */
                                source: string;
                                notes: string;
                                /** @description When a held booking stops holding its slot. */
                                holdExpiresAtMs: number | null;
                                /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                                cancelReason: string | null;
                                noShowReason: string | null;
                                /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                                answers: {
                                    key: string;
                                    /** @description The question as the customer was asked it. */
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                    value: (string | number | boolean | string[]) | null;
                                }[];
                                /** @description The seats it takes in its session (1 for a service without seats). */
                                partySize: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            };
                            service: {
                                serviceId: string;
                                slug: string;
                                name: string;
                            };
                            tenant: {
                                slug: string;
                                name: string;
                                timezone: string;
                            };
                            /** @description What the customer may do now: the token grants it and the booking allows it (held or confirmed, before its cut-off and its start; docs/decisions.md "Service policies"), and, when not, why. */
                            actions: {
                                canCancel: boolean;
                                canReschedule: boolean;
                                /** @description Until when (exclusive) this link can cancel: the start less the service's cancel cut-off; null when it cannot now. */
                                cancelUntilMs: number | null;
                                /** @description Until when (exclusive) this link can reschedule, the same way; null when it cannot now. */
                                rescheduleUntilMs: number | null;
                                /** @description Why this link cannot cancel now; null when it can. */
                                cancelRefusal: {
                                    /**
                                     * @description `token`: the link does not grant it; `status`: the booking is cancelled, completed or a no-show; `hold_expired`: its hold ran out; `started`; `cutoff`: within the service's cut-off before the start.
                                     * @enum {string}
                                     */
                                    reason: "token" | "status" | "hold_expired" | "started" | "cutoff";
                                    /** @description The refusal as a person reads it. */
                                    message: string;
                                } | null;
                                /** @description Why this link cannot reschedule now; null when it can. */
                                rescheduleRefusal: {
                                    /**
                                     * @description `token`: the link does not grant it; `status`: the booking is cancelled, completed or a no-show; `hold_expired`: its hold ran out; `started`; `cutoff`: within the service's cut-off before the start.
                                     * @enum {string}
                                     */
                                    reason: "token" | "status" | "hold_expired" | "started" | "cutoff";
                                    /** @description The refusal as a person reads it. */
                                    message: string;
                                } | null;
                            };
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                    "text/html": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingManageCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The manage token of the booking (`manageToken` of the create response, the last segment of `manageUrl`). A token that is malformed, forged, expired or names no booking of its customer is NOT_FOUND; one whose action set lacks what the route does is FORBIDDEN. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description A booking. */
                            booking: {
                                bookingId: string;
                                tenantId: string;
                                serviceId: string;
                                serviceSlug: string;
                                /** @description The staff member assigned; null when the service lists none. */
                                staffId: string | null;
                                /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                                staffIds: string[];
                                /** @description The resource assigned; null when the service lists none. */
                                resourceId: string | null;
                                customerId: string;
                                /** @enum {string} */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                /** @description The customer's IANA time zone. */
                                timezone: string;
                                /** @description public_page | dashboard | partner_api | mcp */
                                source: string;
                                notes: string;
                                /** @description When a held booking stops holding its slot. */
                                holdExpiresAtMs: number | null;
                                /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                                cancelReason: string | null;
                                noShowReason: string | null;
                                /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                                answers: {
                                    key: string;
                                    /** @description The question as the customer was asked it. */
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                    value: (string | number | boolean | string[]) | null;
                                }[];
                                /** @description The seats it takes in its session (1 for a service without seats). */
                                partySize: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            };
                            service: {
                                serviceId: string;
                                slug: string;
                                name: string;
                            };
                            tenant: {
                                slug: string;
                                name: string;
                                timezone: string;
                            };
                            /** @description What the customer may do now: the token grants it and the booking allows it (held or confirmed, before its cut-off and its start; docs/decisions.md "Service policies"), and, when not, why. */
                            actions: {
                                canCancel: boolean;
                                canReschedule: boolean;
                                /** @description Until when (exclusive) this link can cancel: the start less the service's cancel cut-off; null when it cannot now. */
                                cancelUntilMs: number | null;
                                /** @description Until when (exclusive) this link can reschedule, the same way; null when it cannot now. */
                                rescheduleUntilMs: number | null;
                                /** @description Why this link cannot cancel now; null when it can. */
                                cancelRefusal: {
                                    /**
                                     * @description `token`: the link does not grant it; `status`: the booking is cancelled, completed or a no-show; `hold_expired`: its hold ran out; `started`; `cutoff`: within the service's cut-off before the start.
                                     * @enum {string}
                                     */
                                    reason: "token" | "status" | "hold_expired" | "started" | "cutoff";
                                    /** @description The refusal as a person reads it. */
                                    message: string;
                                } | null;
                                /** @description Why this link cannot reschedule now; null when it can. */
                                rescheduleRefusal: {
                                    /**
                                     * @description `token`: the link does not grant it; `status`: the booking is cancelled, completed or a no-show; `hold_expired`: its hold ran out; `started`; `cutoff`: within the service's cut-off before the start.
                                     * @enum {string}
                                     */
                                    reason: "token" | "status" | "hold_expired" | "started" | "cutoff";
                                    /** @description The refusal as a person reads it. */
                                    message: string;
                                } | null;
                            };
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingManageReschedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The manage token of the booking (`manageToken` of the create response, the last segment of `manageUrl`). A token that is malformed, forged, expired or names no booking of its customer is NOT_FOUND; one whose action set lacks what the route does is FORBIDDEN. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new start. */
                    startsAtMs: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description A booking. */
                            booking: {
                                bookingId: string;
                                tenantId: string;
                                serviceId: string;
                                serviceSlug: string;
                                /** @description The staff member assigned; null when the service lists none. */
                                staffId: string | null;
                                /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                                staffIds: string[];
                                /** @description The resource assigned; null when the service lists none. */
                                resourceId: string | null;
                                customerId: string;
                                /** @enum {string} */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                /** @description The customer's IANA time zone. */
                                timezone: string;
                                /** @description public_page | dashboard | partner_api | mcp */
                                source: string;
                                notes: string;
                                /** @description When a held booking stops holding its slot. */
                                holdExpiresAtMs: number | null;
                                /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                                cancelReason: string | null;
                                noShowReason: string | null;
                                /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                                answers: {
                                    key: string;
                                    /** @description The question as the customer was asked it. */
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                    value: (string | number | boolean | string[]) | null;
                                }[];
                                /** @description The seats it takes in its session (1 for a service without seats). */
                                partySize: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            };
                            service: {
                                serviceId: string;
                                slug: string;
                                name: string;
                            };
                            tenant: {
                                slug: string;
                                name: string;
                                timezone: string;
                            };
                            /** @description What the customer may do now: the token grants it and the booking allows it (held or confirmed, before its cut-off and its start; docs/decisions.md "Service policies"), and, when not, why. */
                            actions: {
                                canCancel: boolean;
                                canReschedule: boolean;
                                /** @description Until when (exclusive) this link can cancel: the start less the service's cancel cut-off; null when it cannot now. */
                                cancelUntilMs: number | null;
                                /** @description Until when (exclusive) this link can reschedule, the same way; null when it cannot now. */
                                rescheduleUntilMs: number | null;
                                /** @description Why this link cannot cancel now; null when it can. */
                                cancelRefusal: {
                                    /**
                                     * @description `token`: the link does not grant it; `status`: the booking is cancelled, completed or a no-show; `hold_expired`: its hold ran out; `started`; `cutoff`: within the service's cut-off before the start.
                                     * @enum {string}
                                     */
                                    reason: "token" | "status" | "hold_expired" | "started" | "cutoff";
                                    /** @description The refusal as a person reads it. */
                                    message: string;
                                } | null;
                                /** @description Why this link cannot reschedule now; null when it can. */
                                rescheduleRefusal: {
                                    /**
                                     * @description `token`: the link does not grant it; `status`: the booking is cancelled, completed or a no-show; `hold_expired`: its hold ran out; `started`; `cutoff`: within the service's cut-off before the start.
                                     * @enum {string}
                                     */
                                    reason: "token" | "status" | "hold_expired" | "started" | "cutoff";
                                    /** @description The refusal as a person reads it. */
                                    message: string;
                                } | null;
                            };
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBookingManageIcs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The manage token of the booking (`manageToken` of the create response, the last segment of `manageUrl`). A token that is malformed, forged, expired or names no booking of its customer is NOT_FOUND; one whose action set lacks what the route does is FORBIDDEN. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBookingManageExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The manage token of the booking (`manageToken` of the create response, the last segment of `manageUrl`). A token that is malformed, forged, expired or names no booking of its customer is NOT_FOUND; one whose action set lacks what the route does is FORBIDDEN. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        exportedAtMs: number;
                        tenantId: string;
                        booking: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                            history: {
                                eventId: string;
                                /** @enum {string} */
                                type: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                                occurredAtMs: number;
                                /** @description customer | staff | partner | system; null for the create. */
                                actor: string | null;
                                /**
                                 * @description The status the change left.
                                 * @enum {string}
                                 */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                endsAtMs: number;
                            }[];
                        };
                        messages: {
                            notificationId: string;
                            /** @enum {string} */
                            template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                            /** @enum {string} */
                            channel: "email" | "sms";
                            /**
                             * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "suppressed";
                            sentAtMs: number | null;
                            createdAtMs: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getBook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenantSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listWebhookSubscriptions: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                subscriptionId: string;
                                tenantId: string;
                                /** @description Normalized (lower-case host, default port dropped). */
                                url: string;
                                /** @description The event names it receives; empty = all. */
                                events: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                                description: string;
                                /** @enum {string} */
                                status: "active" | "disabled";
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where deliveries are POSTed (https). */
                    url: string;
                    /** @description Event names to receive (booking.created, booking.confirmed, booking.rescheduled, booking.cancelled, booking.completed, booking.no_show, booking.expired); empty = all. Repeats count once. */
                    events?: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                    /** @description Free text for the dashboard, at most 500 characters. */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The subscription with its signing secret, shown this once. */
                        data: {
                            subscriptionId: string;
                            tenantId: string;
                            /** @description Normalized (lower-case host, default port dropped). */
                            url: string;
                            /** @description The event names it receives; empty = all. */
                            events: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                            description: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description `whsec_…`: the HMAC-SHA256 key of X-Service-Signature. Shown only in this answer; store it now. */
                            signingSecret: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A webhook subscription (never with its signing secret). */
                        data: {
                            subscriptionId: string;
                            tenantId: string;
                            /** @description Normalized (lower-case host, default port dropped). */
                            url: string;
                            /** @description The event names it receives; empty = all. */
                            events: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                            description: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A webhook subscription (never with its signing secret). */
                        data: {
                            subscriptionId: string;
                            tenantId: string;
                            /** @description Normalized (lower-case host, default port dropped). */
                            url: string;
                            /** @description The event names it receives; empty = all. */
                            events: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                            description: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where deliveries are POSTed (https). */
                    url?: string;
                    /** @description Event names to receive (booking.created, booking.confirmed, booking.rescheduled, booking.cancelled, booking.completed, booking.no_show, booking.expired); empty = all. Repeats count once. */
                    events?: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                    /** @description Free text for the dashboard, at most 500 characters. */
                    description?: string;
                    /**
                     * @description A disabled subscription receives nothing.
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A webhook subscription (never with its signing secret). */
                        data: {
                            subscriptionId: string;
                            tenantId: string;
                            /** @description Normalized (lower-case host, default port dropped). */
                            url: string;
                            /** @description The event names it receives; empty = all. */
                            events: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                            description: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postWebhookSubscriptionsRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                subscriptionId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The subscription with its signing secret, shown this once. */
                        data: {
                            subscriptionId: string;
                            tenantId: string;
                            /** @description Normalized (lower-case host, default port dropped). */
                            url: string;
                            /** @description The event names it receives; empty = all. */
                            events: ("booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired")[];
                            description: string;
                            /** @enum {string} */
                            status: "active" | "disabled";
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description `whsec_…`: the HMAC-SHA256 key of X-Service-Signature. Shown only in this answer; store it now. */
                            signingSecret: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only deliveries to this subscription. */
                subscriptionId?: string;
                /** @description Only deliveries in this status. */
                status?: "pending" | "succeeded" | "failed";
                /** @description Only deliveries of this event. */
                eventType?: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                /** @description Only deliveries of events of this booking. */
                bookingId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                deliveryId: string;
                                tenantId: string;
                                subscriptionId: string;
                                /** @description The event id (X-Service-Event-Id), the same on every attempt and replay. */
                                eventId: string;
                                /** @enum {string} */
                                eventType: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                                bookingId: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                                /** @description 1 + the number of replays. */
                                series: number;
                                /** @description Attempts of the current series. */
                                attemptCount: number;
                                /** @description When the next attempt is due (pending only). */
                                nextAttemptAtMs: number | null;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A delivery with its attempts. */
                        data: {
                            deliveryId: string;
                            tenantId: string;
                            subscriptionId: string;
                            /** @description The event id (X-Service-Event-Id), the same on every attempt and replay. */
                            eventId: string;
                            /** @enum {string} */
                            eventType: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                            bookingId: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            /** @description 1 + the number of replays. */
                            series: number;
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description Every attempt, oldest first. */
                            attempts: {
                                /** @description 1 for the original series, 2 for the first replay, … */
                                series: number;
                                /** @description 1 to 6 within its series. */
                                attemptNo: number;
                                startedAtMs: number;
                                durationMs: number;
                                /** @description null when no response arrived. */
                                responseStatus: number | null;
                                /** @description A short reason when the attempt failed. */
                                error: string | null;
                                /** @description When the next attempt of its series was due. */
                                nextAttemptAtMs: number | null;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postWebhookDeliveriesReplay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A delivery with its attempts. */
                        data: {
                            deliveryId: string;
                            tenantId: string;
                            subscriptionId: string;
                            /** @description The event id (X-Service-Event-Id), the same on every attempt and replay. */
                            eventId: string;
                            /** @enum {string} */
                            eventType: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                            bookingId: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            /** @description 1 + the number of replays. */
                            series: number;
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description Every attempt, oldest first. */
                            attempts: {
                                /** @description 1 for the original series, 2 for the first replay, … */
                                series: number;
                                /** @description 1 to 6 within its series. */
                                attemptNo: number;
                                startedAtMs: number;
                                durationMs: number;
                                /** @description null when no response arrived. */
                                responseStatus: number | null;
                                /** @description A short reason when the attempt failed. */
                                error: string | null;
                                /** @description When the next attempt of its series was due. */
                                nextAttemptAtMs: number | null;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postIntegrationsGoogleConnect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Whose calendar it is. */
                    staffId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description Google’s consent page for this attempt (valid 10 minutes). */
                            authorizationUrl: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getIntegrationsGoogleCallback: {
        parameters: {
            query?: {
                state?: string;
                code?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A connected calendar account (never with its password or tokens). */
                        data: {
                            connectionId: string;
                            tenantId: string;
                            /** @enum {string} */
                            provider: "caldav" | "google";
                            /** @description The staff member whose calendar this is. */
                            staffId: string;
                            /** @description The account as the provider names it (CalDAV username; Google: primary). */
                            account: string;
                            /**
                             * @description `needs_reauth`: the provider refused the credentials; connect again. `error`: its last request failed.
                             * @enum {string}
                             */
                            status: "connected" | "needs_reauth" | "error";
                            /** @description When a booking was last written to the calendar. */
                            lastSyncAtMs: number | null;
                            /** @description Calendars whose events block the staff member’s time. */
                            busyCalendarIds: string[];
                            /** @description The calendar confirmed bookings are written to. */
                            bookingCalendarId: string | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                connectionId: string;
                                tenantId: string;
                                /** @enum {string} */
                                provider: "caldav" | "google";
                                /** @description The staff member whose calendar this is. */
                                staffId: string;
                                /** @description The account as the provider names it (CalDAV username; Google: primary). */
                                account: string;
                                /**
                                 * @description `needs_reauth`: the provider refused the credentials; connect again. `error`: its last request failed.
                                 * @enum {string}
                                 */
                                status: "connected" | "needs_reauth" | "error";
                                /** @description When a booking was last written to the calendar. */
                                lastSyncAtMs: number | null;
                                /** @description Calendars whose events block the staff member’s time. */
                                busyCalendarIds: string[];
                                /** @description The calendar confirmed bookings are written to. */
                                bookingCalendarId: string | null;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postIntegrationsCaldav: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    staffId: string;
                    /** @description The CalDAV server (or its well-known) URL, http(s). */
                    serverUrl: string;
                    username: string;
                    /** @description An app password; stored encrypted, never shown again. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A connected calendar account (never with its password or tokens). */
                        data: {
                            connectionId: string;
                            tenantId: string;
                            /** @enum {string} */
                            provider: "caldav" | "google";
                            /** @description The staff member whose calendar this is. */
                            staffId: string;
                            /** @description The account as the provider names it (CalDAV username; Google: primary). */
                            account: string;
                            /**
                             * @description `needs_reauth`: the provider refused the credentials; connect again. `error`: its last request failed.
                             * @enum {string}
                             */
                            status: "connected" | "needs_reauth" | "error";
                            /** @description When a booking was last written to the calendar. */
                            lastSyncAtMs: number | null;
                            /** @description Calendars whose events block the staff member’s time. */
                            busyCalendarIds: string[];
                            /** @description The calendar confirmed bookings are written to. */
                            bookingCalendarId: string | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postIntegrationsDisconnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A connected calendar account (never with its password or tokens). */
                        data: {
                            connectionId: string;
                            tenantId: string;
                            /** @enum {string} */
                            provider: "caldav" | "google";
                            /** @description The staff member whose calendar this is. */
                            staffId: string;
                            /** @description The account as the provider names it (CalDAV username; Google: primary). */
                            account: string;
                            /**
                             * @description `needs_reauth`: the provider refused the credentials; connect again. `error`: its last request failed.
                             * @enum {string}
                             */
                            status: "connected" | "needs_reauth" | "error";
                            /** @description When a booking was last written to the calendar. */
                            lastSyncAtMs: number | null;
                            /** @description Calendars whose events block the staff member’s time. */
                            busyCalendarIds: string[];
                            /** @description The calendar confirmed bookings are written to. */
                            bookingCalendarId: string | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listCalendars: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                /** @description The calendar’s id at the provider (CalDAV: its collection URL). */
                                calendarId: string;
                                name: string;
                                blocksTime: boolean;
                                receivesBookings: boolean;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    busyCalendarIds?: string[];
                    bookingCalendarId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A connected calendar account (never with its password or tokens). */
                        data: {
                            connectionId: string;
                            tenantId: string;
                            /** @enum {string} */
                            provider: "caldav" | "google";
                            /** @description The staff member whose calendar this is. */
                            staffId: string;
                            /** @description The account as the provider names it (CalDAV username; Google: primary). */
                            account: string;
                            /**
                             * @description `needs_reauth`: the provider refused the credentials; connect again. `error`: its last request failed.
                             * @enum {string}
                             */
                            status: "connected" | "needs_reauth" | "error";
                            /** @description When a booking was last written to the calendar. */
                            lastSyncAtMs: number | null;
                            /** @description Calendars whose events block the staff member’s time. */
                            busyCalendarIds: string[];
                            /** @description The calendar confirmed bookings are written to. */
                            bookingCalendarId: string | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postBookingsCalendarSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            calendarSync: {
                                /**
                                 * @description `pending`: being written or retried; `removed`: taken out after a cancel or no-show.
                                 * @enum {string}
                                 */
                                status: "pending" | "synced" | "failed" | "removed";
                                /** @description `caldav`; empty before the first write. */
                                provider: string;
                                /** @description The event at the provider (CalDAV: its resource URL). */
                                externalEventId: string | null;
                                /** @description The video meeting link, when the provider made one. */
                                meetingUrl: string | null;
                            };
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description Book even when a staff calendar cannot be read at create time (default false: PROVIDER_ACTION_FAILED 502). */
                            bookWhenCalendarUnavailable: boolean;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateIntegrationsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Book even when a staff calendar cannot be read at create time (default false: PROVIDER_ACTION_FAILED 502). */
                    bookWhenCalendarUnavailable: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description Book even when a staff calendar cannot be read at create time (default false: PROVIDER_ACTION_FAILED 502). */
                            bookWhenCalendarUnavailable: boolean;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                apiKeyId: string;
                                tenantId: string;
                                name: string;
                                /** @description The first 12 characters of the current secret (sk_live_ and 4 more). */
                                prefix: string;
                                scopes: ("booking:read" | "booking:write" | "customer:read" | "customer:write" | "branding:read" | "branding:write" | "notification:read" | "notification:write" | "*")[];
                                /** @enum {string} */
                                status: "active" | "revoked";
                                /** @description When the key last authenticated a request, to the minute; null if never. */
                                lastUsedAtMs: number | null;
                                createdAtMs: number;
                                rotatedAtMs: number | null;
                                revokedAtMs: number | null;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description The scopes the key grants: booking:read, booking:write, customer:read, customer:write, branding:read, branding:write, notification:read, notification:write, or * for all. */
                    scopes: ("booking:read" | "booking:write" | "customer:read" | "customer:write" | "branding:read" | "branding:write" | "notification:read" | "notification:write" | "*")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description A partner API key. */
                            apiKey: {
                                apiKeyId: string;
                                tenantId: string;
                                name: string;
                                /** @description The first 12 characters of the current secret (sk_live_ and 4 more). */
                                prefix: string;
                                scopes: ("booking:read" | "booking:write" | "customer:read" | "customer:write" | "branding:read" | "branding:write" | "notification:read" | "notification:write" | "*")[];
                                /** @enum {string} */
                                status: "active" | "revoked";
                                /** @description When the key last authenticated a request, to the minute; null if never. */
                                lastUsedAtMs: number | null;
                                createdAtMs: number;
                                rotatedAtMs: number | null;
                                revokedAtMs: number | null;
                            };
                            /** @description sk_live_…: shown in this answer only; store it now. Send it as Authorization: Bearer. */
                            secret: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postApiKeysRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description A partner API key. */
                            apiKey: {
                                apiKeyId: string;
                                tenantId: string;
                                name: string;
                                /** @description The first 12 characters of the current secret (sk_live_ and 4 more). */
                                prefix: string;
                                scopes: ("booking:read" | "booking:write" | "customer:read" | "customer:write" | "branding:read" | "branding:write" | "notification:read" | "notification:write" | "*")[];
                                /** @enum {string} */
                                status: "active" | "revoked";
                                /** @description When the key last authenticated a request, to the minute; null if never. */
                                lastUsedAtMs: number | null;
                                createdAtMs: number;
                                rotatedAtMs: number | null;
                                revokedAtMs: number | null;
                            };
                            /** @description sk_live_…: shown in this answer only; store it now. Send it as Authorization: Bearer. */
                            secret: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postApiKeysRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A partner API key. */
                        data: {
                            apiKeyId: string;
                            tenantId: string;
                            name: string;
                            /** @description The first 12 characters of the current secret (sk_live_ and 4 more). */
                            prefix: string;
                            scopes: ("booking:read" | "booking:write" | "customer:read" | "customer:write" | "branding:read" | "branding:write" | "notification:read" | "notification:write" | "*")[];
                            /** @enum {string} */
                            status: "active" | "revoked";
                            /** @description When the key last authenticated a request, to the minute; null if never. */
                            lastUsedAtMs: number | null;
                            createdAtMs: number;
                            rotatedAtMs: number | null;
                            revokedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The tenant's notification settings. */
                        data: {
                            /** @description Minutes before the start, soonest last. */
                            reminderOffsetsMin: number[];
                            /** @description Who hears of new requests and of customers' cancellations and reschedules; the booked staff member too when they have an email. The addresses the tenant set, or while it set none, its owners and admins. */
                            businessEmails: string[];
                            /** @description True while businessEmails are the owners and admins (no addresses set; PATCH null to return to them). */
                            businessEmailsFollowTeam: boolean;
                            /** @description Reply-To of every message; '' = the first business address. */
                            replyToEmail: string;
                            /** @description Customers with a phone also get text messages (when the platform has an SMS provider). */
                            smsEnabled: boolean;
                            /** @description The From name; '' = the tenant's display name. */
                            senderName: string;
                            /** @description null while the defaults apply. */
                            updatedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Minutes before the start at which the customer of a confirmed booking is reminded (5 to 43200, at most 5, each once); [] for none. Default [1440, 120]. */
                    reminderOffsetsMin?: number[];
                    /** @description The addresses that hear of requests ([] for none); null: the owners and admins again (the default). */
                    businessEmails?: string[] | null;
                    /** @description Reply-To of every message; '' = the first business address. */
                    replyToEmail?: string | "";
                    smsEnabled?: boolean;
                    /** @description The From name of every message; '' = the tenant's display name. */
                    senderName?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The tenant's notification settings. */
                        data: {
                            /** @description Minutes before the start, soonest last. */
                            reminderOffsetsMin: number[];
                            /** @description Who hears of new requests and of customers' cancellations and reschedules; the booked staff member too when they have an email. The addresses the tenant set, or while it set none, its owners and admins. */
                            businessEmails: string[];
                            /** @description True while businessEmails are the owners and admins (no addresses set; PATCH null to return to them). */
                            businessEmailsFollowTeam: boolean;
                            /** @description Reply-To of every message; '' = the first business address. */
                            replyToEmail: string;
                            /** @description Customers with a phone also get text messages (when the platform has an SMS provider). */
                            smsEnabled: boolean;
                            /** @description The From name; '' = the tenant's display name. */
                            senderName: string;
                            /** @description null while the defaults apply. */
                            updatedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                membershipId: string;
                                userId: string;
                                email: string;
                                /** @description '' until the person first signs in with a name. */
                                name: string;
                                /** @enum {string} */
                                role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                                createdAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    createMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address, at most 254 characters; stored lower-case. */
                    email: string;
                    /** @enum {string} */
                    role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A member of the workspace: who may use its dashboard, with which role. */
                        data: {
                            membershipId: string;
                            userId: string;
                            email: string;
                            /** @description '' until the person first signs in with a name. */
                            name: string;
                            /** @enum {string} */
                            role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                            createdAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    deleteMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                membershipId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A member of the workspace: who may use its dashboard, with which role. */
                        data: {
                            membershipId: string;
                            userId: string;
                            email: string;
                            /** @description '' until the person first signs in with a name. */
                            name: string;
                            /** @enum {string} */
                            role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                            createdAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                membershipId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A member of the workspace: who may use its dashboard, with which role. */
                        data: {
                            membershipId: string;
                            userId: string;
                            email: string;
                            /** @description '' until the person first signs in with a name. */
                            name: string;
                            /** @enum {string} */
                            role: "tenant_owner" | "tenant_admin" | "tenant_staff" | "tenant_viewer";
                            createdAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only messages about this booking. */
                bookingId?: string;
                /** @description Only messages about this customer's bookings. */
                customerId?: string;
                /** @description Only messages in this status. */
                status?: "pending" | "sent" | "failed" | "suppressed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                notificationId: string;
                                bookingId: string;
                                customerId: string | null;
                                /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                                eventId: string;
                                /** @enum {string} */
                                template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                recipientKind: "customer" | "business" | "staff";
                                /** @description The email address or phone number. */
                                recipient: string;
                                /** @description '' for SMS. */
                                subject: string;
                                /**
                                 * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                                 * @enum {string}
                                 */
                                status: "pending" | "sent" | "failed" | "suppressed";
                                /** @description Attempts of the current series. */
                                attemptCount: number;
                                /** @description When the next attempt is due (pending only). */
                                nextAttemptAtMs: number | null;
                                /** @description The last failure (an SMTP reply code and text), without the address. */
                                lastError: string | null;
                                /** @description The Message-ID header (email), the same on every retry of a series. */
                                messageId: string | null;
                                sentAtMs: number | null;
                                /** @description 1 + the number of resends. */
                                series: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                notificationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description One message to one recipient. */
                        data: {
                            notificationId: string;
                            bookingId: string;
                            customerId: string | null;
                            /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                            eventId: string;
                            /** @enum {string} */
                            template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                            /** @enum {string} */
                            channel: "email" | "sms";
                            /** @enum {string} */
                            recipientKind: "customer" | "business" | "staff";
                            /** @description The email address or phone number. */
                            recipient: string;
                            /** @description '' for SMS. */
                            subject: string;
                            /**
                             * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "suppressed";
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            /** @description The last failure (an SMTP reply code and text), without the address. */
                            lastError: string | null;
                            /** @description The Message-ID header (email), the same on every retry of a series. */
                            messageId: string | null;
                            sentAtMs: number | null;
                            /** @description 1 + the number of resends. */
                            series: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postNotificationsResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                notificationId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description One message to one recipient. */
                        data: {
                            notificationId: string;
                            bookingId: string;
                            customerId: string | null;
                            /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                            eventId: string;
                            /** @enum {string} */
                            template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                            /** @enum {string} */
                            channel: "email" | "sms";
                            /** @enum {string} */
                            recipientKind: "customer" | "business" | "staff";
                            /** @description The email address or phone number. */
                            recipient: string;
                            /** @description '' for SMS. */
                            subject: string;
                            /**
                             * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "suppressed";
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            /** @description The last failure (an SMTP reply code and text), without the address. */
                            lastError: string | null;
                            /** @description The Message-ID header (email), the same on every retry of a series. */
                            messageId: string | null;
                            sentAtMs: number | null;
                            /** @description 1 + the number of resends. */
                            series: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerListNotifications: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only messages about this booking. */
                bookingId?: string;
                /** @description Only messages about this customer's bookings. */
                customerId?: string;
                /** @description Only messages in this status. */
                status?: "pending" | "sent" | "failed" | "suppressed";
            };
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                notificationId: string;
                                bookingId: string;
                                customerId: string | null;
                                /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                                eventId: string;
                                /** @enum {string} */
                                template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                                /** @enum {string} */
                                channel: "email" | "sms";
                                /** @enum {string} */
                                recipientKind: "customer" | "business" | "staff";
                                /** @description The email address or phone number. */
                                recipient: string;
                                /** @description '' for SMS. */
                                subject: string;
                                /**
                                 * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                                 * @enum {string}
                                 */
                                status: "pending" | "sent" | "failed" | "suppressed";
                                /** @description Attempts of the current series. */
                                attemptCount: number;
                                /** @description When the next attempt is due (pending only). */
                                nextAttemptAtMs: number | null;
                                /** @description The last failure (an SMTP reply code and text), without the address. */
                                lastError: string | null;
                                /** @description The Message-ID header (email), the same on every retry of a series. */
                                messageId: string | null;
                                sentAtMs: number | null;
                                /** @description 1 + the number of resends. */
                                series: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerGetNotification: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                notificationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description One message to one recipient. */
                        data: {
                            notificationId: string;
                            bookingId: string;
                            customerId: string | null;
                            /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                            eventId: string;
                            /** @enum {string} */
                            template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                            /** @enum {string} */
                            channel: "email" | "sms";
                            /** @enum {string} */
                            recipientKind: "customer" | "business" | "staff";
                            /** @description The email address or phone number. */
                            recipient: string;
                            /** @description '' for SMS. */
                            subject: string;
                            /**
                             * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "suppressed";
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            /** @description The last failure (an SMTP reply code and text), without the address. */
                            lastError: string | null;
                            /** @description The Message-ID header (email), the same on every retry of a series. */
                            messageId: string | null;
                            sentAtMs: number | null;
                            /** @description 1 + the number of resends. */
                            series: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerPostNotificationsResend: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                notificationId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description One message to one recipient. */
                        data: {
                            notificationId: string;
                            bookingId: string;
                            customerId: string | null;
                            /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                            eventId: string;
                            /** @enum {string} */
                            template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                            /** @enum {string} */
                            channel: "email" | "sms";
                            /** @enum {string} */
                            recipientKind: "customer" | "business" | "staff";
                            /** @description The email address or phone number. */
                            recipient: string;
                            /** @description '' for SMS. */
                            subject: string;
                            /**
                             * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "suppressed";
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            /** @description The last failure (an SMTP reply code and text), without the address. */
                            lastError: string | null;
                            /** @description The Message-ID header (email), the same on every retry of a series. */
                            messageId: string | null;
                            sentAtMs: number | null;
                            /** @description 1 + the number of resends. */
                            series: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getNotificationsUnsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of the link (it names the tenant and the customer); a forged one is NOT_FOUND. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope, or the HTML page when Accept prefers text/html */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            tenantName: string;
                            /** @description Whether the customer gets no more reminders from this tenant. */
                            unsubscribed: boolean;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                    "text/html": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postNotificationsUnsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The signed token of the link (it names the tenant and the customer); a forged one is NOT_FOUND. */
                token: string;
            };
            cookie?: never;
        };
        /** @description `List-Unsubscribe=One-Click` (form-encoded, RFC 8058), `{}` or no body. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    "List-Unsubscribe": "One-Click";
                } | null;
            };
        };
        responses: {
            /** @description OK: the envelope, or the HTML page when Accept prefers text/html */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            tenantName: string;
                            /** @description Whether the customer gets no more reminders from this tenant. */
                            unsubscribed: boolean;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                    "text/html": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerListBookings: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
                /** @description Only bookings in this status. */
                status?: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                /** @description Only bookings starting at or after this instant. */
                fromMs?: number;
                /** @description Only bookings starting before this instant. */
                toMs?: number;
                /** @description Only bookings of this service. */
                serviceId?: string;
                /** @description Only bookings assigned to this staff member. */
                staffId?: string;
                /** @description Only bookings of this customer. */
                customerId?: string;
            };
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                bookingId: string;
                                tenantId: string;
                                serviceId: string;
                                serviceSlug: string;
                                /** @description The staff member assigned; null when the service lists none. */
                                staffId: string | null;
                                /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                                staffIds: string[];
                                /** @description The resource assigned; null when the service lists none. */
                                resourceId: string | null;
                                customerId: string;
                                /** @enum {string} */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                /** @description The customer's IANA time zone. */
                                timezone: string;
                                /** @description public_page | dashboard | partner_api | mcp */
                                source: string;
                                notes: string;
                                /** @description When a held booking stops holding its slot. */
                                holdExpiresAtMs: number | null;
                                /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                                cancelReason: string | null;
                                noShowReason: string | null;
                                /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                                answers: {
                                    key: string;
                                    /** @description The question as the customer was asked it. */
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                    value: (string | number | boolean | string[]) | null;
                                }[];
                                /** @description The seats it takes in its session (1 for a service without seats). */
                                partySize: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerCreateBooking: {
        parameters: {
            query?: never;
            header: {
                "idempotency-key": string;
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    serviceSlug: string;
                    /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                    startsAtMs: number;
                    /**
                     * @default partner_api
                     * @enum {string}
                     */
                    source?: "partner_api";
                    customer: {
                        /** @description At most 200 characters, not only whitespace; stored trimmed. */
                        name: string;
                        /** @description An email address, at most 254 characters; stored lower-case. */
                        primaryEmail?: string;
                        /**
                         * @description An international phone number: + or 00, the country code, then a number of a possible length for that country (libphonenumber). The pattern states the E.164 form (+, country code, national number); the server also takes 00 for + and spaces, dots, dashes and parentheses. Stored as E.164.
                         * @example +14155550123
                         */
                        phone?: string;
                        /** @description A BCP 47 language tag such as en or de-CH; stored in canonical case (a repeated variant once). */
                        locale?: string;
                    } | unknown | unknown;
                    notes?: string;
                    /**
                     * @description An IANA time zone. The list holds the canonical names; aliases (US/Eastern) and other letter cases are accepted too and stored canonical.
                     * @enum {string}
                     */
                    timezone?: "Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC";
                    staffId?: string;
                    /** @description The answers to the service’s questions by key: text, textarea, email and phone a string (email and phone in the shared formats), select one option, multiselect a list of options, checkbox true or false, number a number. A required question must be answered (a required checkbox ticked); a key the service does not ask is refused. Errors name body.answers.<key>. */
                    answers?: {
                        [key: string]: string | number | boolean | string[];
                    };
                    /** @description The seats the booking takes in a session of a seated service, 1 to the service's maxPartySize (at most 1000). Default: 1. */
                    partySize?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description A booking. */
                            booking: {
                                bookingId: string;
                                tenantId: string;
                                serviceId: string;
                                serviceSlug: string;
                                /** @description The staff member assigned; null when the service lists none. */
                                staffId: string | null;
                                /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                                staffIds: string[];
                                /** @description The resource assigned; null when the service lists none. */
                                resourceId: string | null;
                                customerId: string;
                                /** @enum {string} */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                /** @description The customer's IANA time zone. */
                                timezone: string;
                                /** @description public_page | dashboard | partner_api | mcp */
                                source: string;
                                notes: string;
                                /** @description When a held booking stops holding its slot. */
                                holdExpiresAtMs: number | null;
                                /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                                cancelReason: string | null;
                                noShowReason: string | null;
                                /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                                answers: {
                                    key: string;
                                    /** @description The question as the customer was asked it. */
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                    value: (string | number | boolean | string[]) | null;
                                }[];
                                /** @description The seats it takes in its session (1 for a service without seats). */
                                partySize: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            };
                            idempotentReplay: boolean;
                            /** @description The customer's manage token, to pass on to them. */
                            manageToken: string;
                            manageUrl: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            /** @description A booking. */
                            booking: {
                                bookingId: string;
                                tenantId: string;
                                serviceId: string;
                                serviceSlug: string;
                                /** @description The staff member assigned; null when the service lists none. */
                                staffId: string | null;
                                /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                                staffIds: string[];
                                /** @description The resource assigned; null when the service lists none. */
                                resourceId: string | null;
                                customerId: string;
                                /** @enum {string} */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                /** @description Exclusive. */
                                endsAtMs: number;
                                /** @description The customer's IANA time zone. */
                                timezone: string;
                                /** @description public_page | dashboard | partner_api | mcp */
                                source: string;
                                notes: string;
                                /** @description When a held booking stops holding its slot. */
                                holdExpiresAtMs: number | null;
                                /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                                cancelReason: string | null;
                                noShowReason: string | null;
                                /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                                answers: {
                                    key: string;
                                    /** @description The question as the customer was asked it. */
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                    value: (string | number | boolean | string[]) | null;
                                }[];
                                /** @description The seats it takes in its session (1 for a service without seats). */
                                partySize: number;
                                createdAtMs: number;
                                updatedAtMs: number;
                            };
                            idempotentReplay: boolean;
                            /** @description The customer's manage token, to pass on to them. */
                            manageToken: string;
                            manageUrl: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerGetBooking: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description The booking in the staff member’s connected calendar; null when it has none. */
                            calendarSync: {
                                /**
                                 * @description `pending`: being written or retried; `removed`: taken out after a cancel or no-show.
                                 * @enum {string}
                                 */
                                status: "pending" | "synced" | "failed" | "removed";
                                /** @description `caldav`; empty before the first write. */
                                provider: string;
                                /** @description The event at the provider (CalDAV: its resource URL). */
                                externalEventId: string | null;
                                /** @description The video meeting link, when the provider made one. */
                                meetingUrl: string | null;
                            } | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerListEvents: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                eventId: string;
                                /** @enum {string} */
                                type: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                                occurredAtMs: number;
                                /** @description customer | staff | partner | system; null for the create. */
                                actor: string | null;
                                /**
                                 * @description The status the change left.
                                 * @enum {string}
                                 */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                endsAtMs: number;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerPostBookingsConfirm: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerPostBookingsCancel: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, `{}`, or `{ reason }`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Optional, at most 500 characters; blank is the same as none. */
                    reason?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerPostBookingsComplete: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerPostBookingsNoShow: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        /** @description No body, `{}`, or `{ reason }`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Optional, at most 500 characters; blank is the same as none. */
                    reason?: string;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerPostBookingsReschedule: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                bookingId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The new start. */
                    startsAtMs: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A booking. */
                        data: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerListCustomers: {
        parameters: {
            query?: {
                /** @description Search, case- and accent-insensitive: a prefix of any word of the name (and the name from that word on), of the email or a word of its local part, of its domain, or of the phone digits (with the country code, with the trunk prefix such as 0151, or without either). Blank lists everyone. */
                q?: string;
                /** @description Page size, 1 to 100 (default 25). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque), sent with the same q. */
                cursor?: string;
            };
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                customerId: string;
                                tenantId: string;
                                /** @description Lower-case; null when the customer has none. */
                                primaryEmail: string | null;
                                /** @description E.164; null when the customer has none. */
                                phone: string | null;
                                /** @description '' only for a customer a booking made without a name. */
                                name: string;
                                /** @description BCP 47, or '' when unknown. */
                                locale: string;
                                /** @description IANA time zone, or '' when unknown. */
                                timezone: string;
                                createdAtMs: number;
                                updatedAtMs: number;
                                /**
                                 * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                                 * @enum {string}
                                 */
                                status: "active" | "erased";
                                /** @description When the customer was erased; null while active. */
                                erasedAtMs: number | null;
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerCreateCustomer: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, not only whitespace; stored trimmed. */
                    name: string;
                    /** @description An email address, stored lower-case; null removes it. */
                    primaryEmail?: string | null;
                    phone?: string | null;
                    /** @description BCP 47; null removes it. */
                    locale?: string | null;
                    /** @description An IANA time zone; null removes it. */
                    timezone?: ("Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC") | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A customer of the tenant. */
                        data: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerGetCustomer: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A customer of the tenant. */
                        data: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerUpdateCustomer: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, not only whitespace; stored trimmed. */
                    name?: string;
                    /** @description An email address, stored lower-case; null removes it. */
                    primaryEmail?: string | null;
                    phone?: string | null;
                    /** @description BCP 47; null removes it. */
                    locale?: string | null;
                    /** @description An IANA time zone; null removes it. */
                    timezone?: ("Africa/Abidjan" | "Africa/Accra" | "Africa/Addis_Ababa" | "Africa/Algiers" | "Africa/Asmera" | "Africa/Bamako" | "Africa/Bangui" | "Africa/Banjul" | "Africa/Bissau" | "Africa/Blantyre" | "Africa/Brazzaville" | "Africa/Bujumbura" | "Africa/Cairo" | "Africa/Casablanca" | "Africa/Ceuta" | "Africa/Conakry" | "Africa/Dakar" | "Africa/Dar_es_Salaam" | "Africa/Djibouti" | "Africa/Douala" | "Africa/El_Aaiun" | "Africa/Freetown" | "Africa/Gaborone" | "Africa/Harare" | "Africa/Johannesburg" | "Africa/Juba" | "Africa/Kampala" | "Africa/Khartoum" | "Africa/Kigali" | "Africa/Kinshasa" | "Africa/Lagos" | "Africa/Libreville" | "Africa/Lome" | "Africa/Luanda" | "Africa/Lubumbashi" | "Africa/Lusaka" | "Africa/Malabo" | "Africa/Maputo" | "Africa/Maseru" | "Africa/Mbabane" | "Africa/Mogadishu" | "Africa/Monrovia" | "Africa/Nairobi" | "Africa/Ndjamena" | "Africa/Niamey" | "Africa/Nouakchott" | "Africa/Ouagadougou" | "Africa/Porto-Novo" | "Africa/Sao_Tome" | "Africa/Tripoli" | "Africa/Tunis" | "Africa/Windhoek" | "America/Adak" | "America/Anchorage" | "America/Anguilla" | "America/Antigua" | "America/Araguaina" | "America/Argentina/La_Rioja" | "America/Argentina/Rio_Gallegos" | "America/Argentina/Salta" | "America/Argentina/San_Juan" | "America/Argentina/San_Luis" | "America/Argentina/Tucuman" | "America/Argentina/Ushuaia" | "America/Aruba" | "America/Asuncion" | "America/Bahia" | "America/Bahia_Banderas" | "America/Barbados" | "America/Belem" | "America/Belize" | "America/Blanc-Sablon" | "America/Boa_Vista" | "America/Bogota" | "America/Boise" | "America/Buenos_Aires" | "America/Cambridge_Bay" | "America/Campo_Grande" | "America/Cancun" | "America/Caracas" | "America/Catamarca" | "America/Cayenne" | "America/Cayman" | "America/Chicago" | "America/Chihuahua" | "America/Ciudad_Juarez" | "America/Coral_Harbour" | "America/Cordoba" | "America/Costa_Rica" | "America/Coyhaique" | "America/Creston" | "America/Cuiaba" | "America/Curacao" | "America/Danmarkshavn" | "America/Dawson" | "America/Dawson_Creek" | "America/Denver" | "America/Detroit" | "America/Dominica" | "America/Edmonton" | "America/Eirunepe" | "America/El_Salvador" | "America/Fort_Nelson" | "America/Fortaleza" | "America/Glace_Bay" | "America/Godthab" | "America/Goose_Bay" | "America/Grand_Turk" | "America/Grenada" | "America/Guadeloupe" | "America/Guatemala" | "America/Guayaquil" | "America/Guyana" | "America/Halifax" | "America/Havana" | "America/Hermosillo" | "America/Indiana/Knox" | "America/Indiana/Marengo" | "America/Indiana/Petersburg" | "America/Indiana/Tell_City" | "America/Indiana/Vevay" | "America/Indiana/Vincennes" | "America/Indiana/Winamac" | "America/Indianapolis" | "America/Inuvik" | "America/Iqaluit" | "America/Jamaica" | "America/Jujuy" | "America/Juneau" | "America/Kentucky/Monticello" | "America/Kralendijk" | "America/La_Paz" | "America/Lima" | "America/Los_Angeles" | "America/Louisville" | "America/Lower_Princes" | "America/Maceio" | "America/Managua" | "America/Manaus" | "America/Marigot" | "America/Martinique" | "America/Matamoros" | "America/Mazatlan" | "America/Mendoza" | "America/Menominee" | "America/Merida" | "America/Metlakatla" | "America/Mexico_City" | "America/Miquelon" | "America/Moncton" | "America/Monterrey" | "America/Montevideo" | "America/Montserrat" | "America/Nassau" | "America/New_York" | "America/Nome" | "America/Noronha" | "America/North_Dakota/Beulah" | "America/North_Dakota/Center" | "America/North_Dakota/New_Salem" | "America/Ojinaga" | "America/Panama" | "America/Paramaribo" | "America/Phoenix" | "America/Port-au-Prince" | "America/Port_of_Spain" | "America/Porto_Velho" | "America/Puerto_Rico" | "America/Punta_Arenas" | "America/Rankin_Inlet" | "America/Recife" | "America/Regina" | "America/Resolute" | "America/Rio_Branco" | "America/Santarem" | "America/Santiago" | "America/Santo_Domingo" | "America/Sao_Paulo" | "America/Scoresbysund" | "America/Sitka" | "America/St_Barthelemy" | "America/St_Johns" | "America/St_Kitts" | "America/St_Lucia" | "America/St_Thomas" | "America/St_Vincent" | "America/Swift_Current" | "America/Tegucigalpa" | "America/Thule" | "America/Tijuana" | "America/Toronto" | "America/Tortola" | "America/Vancouver" | "America/Whitehorse" | "America/Winnipeg" | "America/Yakutat" | "Antarctica/Casey" | "Antarctica/Davis" | "Antarctica/DumontDUrville" | "Antarctica/Macquarie" | "Antarctica/Mawson" | "Antarctica/McMurdo" | "Antarctica/Palmer" | "Antarctica/Rothera" | "Antarctica/Syowa" | "Antarctica/Troll" | "Antarctica/Vostok" | "Arctic/Longyearbyen" | "Asia/Aden" | "Asia/Almaty" | "Asia/Amman" | "Asia/Anadyr" | "Asia/Aqtau" | "Asia/Aqtobe" | "Asia/Ashgabat" | "Asia/Atyrau" | "Asia/Baghdad" | "Asia/Bahrain" | "Asia/Baku" | "Asia/Bangkok" | "Asia/Barnaul" | "Asia/Beirut" | "Asia/Bishkek" | "Asia/Brunei" | "Asia/Calcutta" | "Asia/Chita" | "Asia/Colombo" | "Asia/Damascus" | "Asia/Dhaka" | "Asia/Dili" | "Asia/Dubai" | "Asia/Dushanbe" | "Asia/Famagusta" | "Asia/Gaza" | "Asia/Hebron" | "Asia/Hong_Kong" | "Asia/Hovd" | "Asia/Irkutsk" | "Asia/Jakarta" | "Asia/Jayapura" | "Asia/Jerusalem" | "Asia/Kabul" | "Asia/Kamchatka" | "Asia/Karachi" | "Asia/Katmandu" | "Asia/Khandyga" | "Asia/Krasnoyarsk" | "Asia/Kuala_Lumpur" | "Asia/Kuching" | "Asia/Kuwait" | "Asia/Macau" | "Asia/Magadan" | "Asia/Makassar" | "Asia/Manila" | "Asia/Muscat" | "Asia/Nicosia" | "Asia/Novokuznetsk" | "Asia/Novosibirsk" | "Asia/Omsk" | "Asia/Oral" | "Asia/Phnom_Penh" | "Asia/Pontianak" | "Asia/Pyongyang" | "Asia/Qatar" | "Asia/Qostanay" | "Asia/Qyzylorda" | "Asia/Rangoon" | "Asia/Riyadh" | "Asia/Saigon" | "Asia/Sakhalin" | "Asia/Samarkand" | "Asia/Seoul" | "Asia/Shanghai" | "Asia/Singapore" | "Asia/Srednekolymsk" | "Asia/Taipei" | "Asia/Tashkent" | "Asia/Tbilisi" | "Asia/Tehran" | "Asia/Thimphu" | "Asia/Tokyo" | "Asia/Tomsk" | "Asia/Ulaanbaatar" | "Asia/Urumqi" | "Asia/Ust-Nera" | "Asia/Vientiane" | "Asia/Vladivostok" | "Asia/Yakutsk" | "Asia/Yekaterinburg" | "Asia/Yerevan" | "Atlantic/Azores" | "Atlantic/Bermuda" | "Atlantic/Canary" | "Atlantic/Cape_Verde" | "Atlantic/Faeroe" | "Atlantic/Madeira" | "Atlantic/Reykjavik" | "Atlantic/South_Georgia" | "Atlantic/St_Helena" | "Atlantic/Stanley" | "Australia/Adelaide" | "Australia/Brisbane" | "Australia/Broken_Hill" | "Australia/Darwin" | "Australia/Eucla" | "Australia/Hobart" | "Australia/Lindeman" | "Australia/Lord_Howe" | "Australia/Melbourne" | "Australia/Perth" | "Australia/Sydney" | "Europe/Amsterdam" | "Europe/Andorra" | "Europe/Astrakhan" | "Europe/Athens" | "Europe/Belgrade" | "Europe/Berlin" | "Europe/Bratislava" | "Europe/Brussels" | "Europe/Bucharest" | "Europe/Budapest" | "Europe/Busingen" | "Europe/Chisinau" | "Europe/Copenhagen" | "Europe/Dublin" | "Europe/Gibraltar" | "Europe/Guernsey" | "Europe/Helsinki" | "Europe/Isle_of_Man" | "Europe/Istanbul" | "Europe/Jersey" | "Europe/Kaliningrad" | "Europe/Kiev" | "Europe/Kirov" | "Europe/Lisbon" | "Europe/Ljubljana" | "Europe/London" | "Europe/Luxembourg" | "Europe/Madrid" | "Europe/Malta" | "Europe/Mariehamn" | "Europe/Minsk" | "Europe/Monaco" | "Europe/Moscow" | "Europe/Oslo" | "Europe/Paris" | "Europe/Podgorica" | "Europe/Prague" | "Europe/Riga" | "Europe/Rome" | "Europe/Samara" | "Europe/San_Marino" | "Europe/Sarajevo" | "Europe/Saratov" | "Europe/Simferopol" | "Europe/Skopje" | "Europe/Sofia" | "Europe/Stockholm" | "Europe/Tallinn" | "Europe/Tirane" | "Europe/Ulyanovsk" | "Europe/Vaduz" | "Europe/Vatican" | "Europe/Vienna" | "Europe/Vilnius" | "Europe/Volgograd" | "Europe/Warsaw" | "Europe/Zagreb" | "Europe/Zurich" | "Indian/Antananarivo" | "Indian/Chagos" | "Indian/Christmas" | "Indian/Cocos" | "Indian/Comoro" | "Indian/Kerguelen" | "Indian/Mahe" | "Indian/Maldives" | "Indian/Mauritius" | "Indian/Mayotte" | "Indian/Reunion" | "Pacific/Apia" | "Pacific/Auckland" | "Pacific/Bougainville" | "Pacific/Chatham" | "Pacific/Easter" | "Pacific/Efate" | "Pacific/Enderbury" | "Pacific/Fakaofo" | "Pacific/Fiji" | "Pacific/Funafuti" | "Pacific/Galapagos" | "Pacific/Gambier" | "Pacific/Guadalcanal" | "Pacific/Guam" | "Pacific/Honolulu" | "Pacific/Kiritimati" | "Pacific/Kosrae" | "Pacific/Kwajalein" | "Pacific/Majuro" | "Pacific/Marquesas" | "Pacific/Midway" | "Pacific/Nauru" | "Pacific/Niue" | "Pacific/Norfolk" | "Pacific/Noumea" | "Pacific/Pago_Pago" | "Pacific/Palau" | "Pacific/Pitcairn" | "Pacific/Ponape" | "Pacific/Port_Moresby" | "Pacific/Rarotonga" | "Pacific/Saipan" | "Pacific/Tahiti" | "Pacific/Tarawa" | "Pacific/Tongatapu" | "Pacific/Truk" | "Pacific/Wake" | "Pacific/Wallis" | "UTC") | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description A customer of the tenant. */
                        data: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerGetCustomersExport: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        exportedAtMs: number;
                        tenantId: string;
                        /** @description A customer of the tenant. */
                        customer: {
                            customerId: string;
                            tenantId: string;
                            /** @description Lower-case; null when the customer has none. */
                            primaryEmail: string | null;
                            /** @description E.164; null when the customer has none. */
                            phone: string | null;
                            /** @description '' only for a customer a booking made without a name. */
                            name: string;
                            /** @description BCP 47, or '' when unknown. */
                            locale: string;
                            /** @description IANA time zone, or '' when unknown. */
                            timezone: string;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /**
                             * @description `erased`: the customer was erased; the record keeps its id and times, nothing about the person.
                             * @enum {string}
                             */
                            status: "active" | "erased";
                            /** @description When the customer was erased; null while active. */
                            erasedAtMs: number | null;
                        };
                        /** @description Every booking of the customer, oldest first, each with its history. */
                        bookings: {
                            bookingId: string;
                            tenantId: string;
                            serviceId: string;
                            serviceSlug: string;
                            /** @description The staff member assigned; null when the service lists none. */
                            staffId: string | null;
                            /** @description Every staff member it occupies: `[staffId]`, or all of them for a collective service; [] without one. */
                            staffIds: string[];
                            /** @description The resource assigned; null when the service lists none. */
                            resourceId: string | null;
                            customerId: string;
                            /** @enum {string} */
                            status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                            startsAtMs: number;
                            /** @description Exclusive. */
                            endsAtMs: number;
                            /** @description The customer's IANA time zone. */
                            timezone: string;
                            /** @description public_page | dashboard | partner_api | mcp */
                            source: string;
                            notes: string;
                            /** @description When a held booking stops holding its slot. */
                            holdExpiresAtMs: number | null;
                            /** @description `customer`, `hold_expired`, or what staff gave; null when none. */
                            cancelReason: string | null;
                            noShowReason: string | null;
                            /** @description The answers to the service’s intake questions, in the questions’ order, with the questions as they were asked (a later edit of the service changes nothing here); an unanswered optional question is left out. */
                            answers: {
                                key: string;
                                /** @description The question as the customer was asked it. */
                                label: string;
                                /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                type: string;
                                /** @description A string, a number, true, or the options chosen, by the type; null only if it was lost. */
                                value: (string | number | boolean | string[]) | null;
                            }[];
                            /** @description The seats it takes in its session (1 for a service without seats). */
                            partySize: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                            history: {
                                eventId: string;
                                /** @enum {string} */
                                type: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                                occurredAtMs: number;
                                /** @description customer | staff | partner | system; null for the create. */
                                actor: string | null;
                                /**
                                 * @description The status the change left.
                                 * @enum {string}
                                 */
                                status: "held" | "confirmed" | "cancelled" | "completed" | "no_show";
                                startsAtMs: number;
                                endsAtMs: number;
                            }[];
                        }[];
                        /** @description Every message sent about the customer’s bookings (to them, the business or staff), oldest first. */
                        notifications: {
                            notificationId: string;
                            bookingId: string;
                            customerId: string | null;
                            /** @description The booking event (evt_…) or the reminder (rem_…) it answers. */
                            eventId: string;
                            /** @enum {string} */
                            template: "customer.request_received" | "customer.confirmed" | "customer.rescheduled" | "customer.cancelled" | "customer.hold_expired" | "customer.reminder" | "business.request_pending" | "business.cancelled_by_customer" | "business.rescheduled_by_customer";
                            /** @enum {string} */
                            channel: "email" | "sms";
                            /** @enum {string} */
                            recipientKind: "customer" | "business" | "staff";
                            /** @description The email address or phone number. */
                            recipient: string;
                            /** @description '' for SMS. */
                            subject: string;
                            /**
                             * @description suppressed: a reminder to a customer who unsubscribed, not sent.
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "suppressed";
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            /** @description The last failure (an SMTP reply code and text), without the address. */
                            lastError: string | null;
                            /** @description The Message-ID header (email), the same on every retry of a series. */
                            messageId: string | null;
                            sentAtMs: number | null;
                            /** @description 1 + the number of resends. */
                            series: number;
                            createdAtMs: number;
                            updatedAtMs: number;
                            bodyText: string;
                            /** @description When retention or an erase removed the body; null while it is held. */
                            bodyRemovedAtMs: number | null;
                        }[];
                        /** @description Every webhook delivery of the events of their bookings, with its signed body while held. */
                        webhookDeliveries: {
                            deliveryId: string;
                            tenantId: string;
                            subscriptionId: string;
                            /** @description The event id (X-Service-Event-Id), the same on every attempt and replay. */
                            eventId: string;
                            /** @enum {string} */
                            eventType: "booking.created" | "booking.confirmed" | "booking.rescheduled" | "booking.cancelled" | "booking.completed" | "booking.no_show" | "booking.expired";
                            bookingId: string;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            /** @description 1 + the number of replays. */
                            series: number;
                            /** @description Attempts of the current series. */
                            attemptCount: number;
                            /** @description When the next attempt is due (pending only). */
                            nextAttemptAtMs: number | null;
                            createdAtMs: number;
                            updatedAtMs: number;
                            /** @description Every attempt, oldest first. */
                            attempts: {
                                /** @description 1 for the original series, 2 for the first replay, … */
                                series: number;
                                /** @description 1 to 6 within its series. */
                                attemptNo: number;
                                startedAtMs: number;
                                durationMs: number;
                                /** @description null when no response arrived. */
                                responseStatus: number | null;
                                /** @description A short reason when the attempt failed. */
                                error: string | null;
                                /** @description When the next attempt of its series was due. */
                                nextAttemptAtMs: number | null;
                            }[];
                            body: string;
                            /** @description When retention or an erase removed the body; null while it is held. */
                            bodyRemovedAtMs: number | null;
                        }[];
                        calendarEvents: {
                            bookingId: string;
                            staffId: string;
                            /** @description The booking in the staff member’s connected calendar; null when it has none. */
                            calendarSync: {
                                /**
                                 * @description `pending`: being written or retried; `removed`: taken out after a cancel or no-show.
                                 * @enum {string}
                                 */
                                status: "pending" | "synced" | "failed" | "removed";
                                /** @description `caldav`; empty before the first write. */
                                provider: string;
                                /** @description The event at the provider (CalDAV: its resource URL). */
                                externalEventId: string | null;
                                /** @description The video meeting link, when the provider made one. */
                                meetingUrl: string | null;
                            } | null;
                            calendarId: string | null;
                            /** @description The event's title as last written; '' once removed. */
                            summary: string;
                            /** @description The event's description as last written; '' once removed. */
                            description: string;
                            updatedAtMs: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerPostCustomersErase: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        /** @description The confirmation. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The customer id again, as the confirmation that this customer goes. */
                    confirmCustomerId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description The erase, done. */
                        data: {
                            customerId: string;
                            /** @enum {string} */
                            status: "erased";
                            /** @description The customer’s bookings: kept, without their personal data. */
                            bookings: number;
                            /** @description Open bookings the erase cancelled first (reason `customer_erased`). */
                            cancelled: number;
                            /** @description When the erase was first asked for. */
                            requestedAtMs: number;
                            completedAtMs: number;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerListServices: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 50). */
                limit?: number;
                /** @description The nextCursor of the previous page (opaque). */
                cursor?: string;
            };
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            items: {
                                serviceId: string;
                                /** @description For availability and booking. */
                                slug: string;
                                name: string;
                                description: string;
                                durationMin: number;
                                price: {
                                    /** @description Minor units. */
                                    amount: number;
                                    currency: string;
                                } | null;
                                /**
                                 * @description manual: a new booking is held until a write role confirms it (or the hold expires after 10 minutes); automatic: the platform confirms it at once, so a create answers it `confirmed`.
                                 * @enum {string}
                                 */
                                confirmation: "manual" | "automatic";
                                /** @description Minutes before the start from which the customer's manage link can no longer cancel; 0 = until it starts. The dashboard and partners can still cancel. */
                                cancelCutoffMin: number;
                                /** @description Minutes before the start from which the customer's manage link can no longer reschedule; 0 = until it starts. The dashboard and partners can still reschedule. */
                                rescheduleCutoffMin: number;
                                /** @description The intake questions a create answers in `answers`, in order (docs/decisions.md "Intake questions"). */
                                questions: {
                                    key: string;
                                    label: string;
                                    /** @description text | textarea | select | multiselect | checkbox | email | phone | number */
                                    type: string;
                                    required: boolean;
                                    /** @description The choices of a select or multiselect; empty otherwise. */
                                    options: string[];
                                }[];
                                /** @description Above 1 the service is a session: bookings of it at one start on one staff member (or resource) share it until their party sizes reach the seats; the session occupies its owner once. */
                                seats: number;
                                /** @description The largest `partySize` one booking may take. */
                                maxPartySize: number;
                                /**
                                 * @description Who takes a booking when the customer names nobody (docs/decisions.md "Staff assignment"): first_available, the first free in `staffIds` order; round_robin, the free one with the fewest bookings of the service within a week either side for their weight; collective, every listed staff member at once (naming one is refused).
                                 * @enum {string}
                                 */
                                assignment: "first_available" | "round_robin" | "collective";
                            }[];
                            /** @description Pass as cursor for the next page; null on the last page. */
                            nextCursor: string | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerGetAvailability: {
        parameters: {
            query: {
                serviceSlug: string;
                /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                fromMs: number;
                /** @description Epoch milliseconds (UTC), 1 to 253402300799999 (the end of year 9999). */
                toMs: number;
                /** @description Only slots with room for a party of this many (a seated service). Default: 1. */
                partySize?: number;
                staffId?: string;
            };
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            serviceSlug: string;
                            timezone: string;
                            fromMs: number;
                            toMs: number;
                            slots: {
                                startsAtMs: number;
                                endsAtMs: number;
                                /** @description For a seated service only: the most seats one booking could still take at this start. */
                                seatsLeft?: number;
                            }[];
                            /** @enum {string} */
                            finalAuthority: "booking_create_recheck_under_lock";
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerGetBranding: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            displayName: string;
                            logoUrl: string;
                            /** @description #rrggbb */
                            primaryColor: string;
                            /** @description #rrggbb */
                            accentColor: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    partnerUpdateBranding: {
        parameters: {
            query?: never;
            header: {
                /** @description The API key's tenant id (ten_…); missing or another tenant's is FORBIDDEN. */
                "x-service-tenant-id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName?: string;
                    /** @description An https URL; '' removes the logo. */
                    logoUrl?: string | "";
                    /** @description #rrggbb; '' clears it. */
                    primaryColor?: string;
                    /** @description #rrggbb; '' clears it. */
                    accentColor?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        data: {
                            displayName: string;
                            logoUrl: string;
                            /** @description #rrggbb */
                            primaryColor: string;
                            /** @description #rrggbb */
                            accentColor: string;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    postTenantExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description No body, or `{}`. */
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description An export of the workspace's catalog, customers, bookings and settings as NDJSON files in a zip. */
                        data: {
                            jobId: string;
                            /**
                             * @description queued, running, then ready (the archive can be downloaded) or failed (see `error`).
                             * @enum {string}
                             */
                            status: "queued" | "running" | "ready" | "failed";
                            createdAtMs: number;
                            startedAtMs: number | null;
                            finishedAtMs: number | null;
                            /** @description The archive’s files begun so far, in archive order; complete once ready. */
                            files: {
                                name: string;
                                /** @description NDJSON lines written so far. */
                                records: number;
                            }[];
                            /** @description The archive’s size once ready; null before. */
                            sizeBytes: number | null;
                            /** @description Why it failed; null unless failed. */
                            error: string | null;
                            /** @description When the job and its archive are removed: 7 days after it finished; null while it runs. */
                            keptUntilMs: number | null;
                            /** @description Once ready: a fresh link on every answer. */
                            download: {
                                /** @description GET it with the session (owners): the archive, application/zip. */
                                url: string;
                                /** @description The `token` of the URL. */
                                token: string;
                                /** @description The link works until then (an hour); ask the status again for a new one. */
                                expiresAtMs: number;
                            } | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getTenantExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description An export of the workspace's catalog, customers, bookings and settings as NDJSON files in a zip. */
                        data: {
                            jobId: string;
                            /**
                             * @description queued, running, then ready (the archive can be downloaded) or failed (see `error`).
                             * @enum {string}
                             */
                            status: "queued" | "running" | "ready" | "failed";
                            createdAtMs: number;
                            startedAtMs: number | null;
                            finishedAtMs: number | null;
                            /** @description The archive’s files begun so far, in archive order; complete once ready. */
                            files: {
                                name: string;
                                /** @description NDJSON lines written so far. */
                                records: number;
                            }[];
                            /** @description The archive’s size once ready; null before. */
                            sizeBytes: number | null;
                            /** @description Why it failed; null unless failed. */
                            error: string | null;
                            /** @description When the job and its archive are removed: 7 days after it finished; null while it runs. */
                            keptUntilMs: number | null;
                            /** @description Once ready: a fresh link on every answer. */
                            download: {
                                /** @description GET it with the session (owners): the archive, application/zip. */
                                url: string;
                                /** @description The `token` of the URL. */
                                token: string;
                                /** @description The link works until then (an hour); ask the status again for a new one. */
                                expiresAtMs: number;
                            } | null;
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
    getTenantExportDownload: {
        parameters: {
            query: {
                /** @description The `download.token` of the job’s status answer. */
                token: string;
            };
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: false;
                        error: {
                            code: string;
                            message: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                        meta: {
                            requestId: string;
                        };
                    };
                };
            };
        };
    };
}
