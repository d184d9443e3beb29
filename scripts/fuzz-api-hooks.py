# schemathesis hooks of scripts/fuzz-api.sh (SCHEMATHESIS_HOOKS): the fuzz must not make its own
# bookable setup unbookable, or every booking operation after that would only answer 409 and the
# core logic would be out of reach again (docs/testing.md "API fuzz"). Requests that would change
# the seeded setup (scripts/fuzz-api-seed.mjs writes its ids to seed.env) are turned into
# requests that cannot touch it, before they are sent; the case records what was sent, so every
# check still judges the request and its answer as they were.
#
# - A write to a protected record (the tenant, which the platform API could suspend, the service,
#   its staff member, the weekly rules, the API key the /v1 cases run with, the members of the
#   workspace as seeded, the session's owner among them) goes to an id that does not exist:
#   NOT_FOUND. The catalog's rules hold on /api and /v1 alike. So does a DELETE of the
#   seeded webhook subscription, which the delivery operations need.
# - A blocked time or a date override of the tenant or of that staff member becomes one of the
#   seeded resource, which no service needs.
# - A holiday inside the booking horizon moves to the same day of 2400 (a leap year, so 29
#   February stays a date).
# - An erase of the customer the other operations name goes to an id that does not exist; any
#   other erase gets its confirmation (the path's id again in the body), as a client sends it.
# - The partner tenant header and a workspace switch name the seeded tenant whenever they name an
#   id of the right shape.
import os
import re
from datetime import date, datetime, timedelta, timezone

import schemathesis

PROTECTED = set(filter(None, os.environ.get("FUZZ_PROTECTED_IDS", "").split(",")))
UNDELETABLE = set(filter(None, os.environ.get("FUZZ_UNDELETABLE_IDS", "").split(",")))
PROTECTED_STAFF = os.environ.get("FUZZ_PROTECTED_STAFF_ID", "")
KEPT_CUSTOMER = os.environ.get("FUZZ_KEPT_CUSTOMER_ID", "")
ERASE_PATH = re.compile(r"/customers/\{customerId\}/erase$")
RESOURCE = os.environ.get("FUZZ_RESOURCE_ID", "")
HORIZON_END = datetime.fromtimestamp(int(os.environ.get("FUZZ_HORIZON_END_MS", "0")) / 1000, timezone.utc).date()
# An id of the right shape (three letters, "_", then letters, digits, "-") that names nothing.
ABSENT_ID = "zzz_fuzz-protected-record"


TENANT = os.environ.get("FUZZ_TENANT_ID", "")
# The id shape (docs/api-conventions.md): a schema-valid tenant id; anything else is a negative case.
ID_SHAPE = re.compile(r"^[a-z]{3}_[A-Za-z0-9_-]{1,60}$")


def seeded_tenant(value):
    return TENANT if isinstance(value, str) and ID_SHAPE.match(value) else value


@schemathesis.hook
def before_call(context, case, kwargs):
    # The partner key and the session are the seeded tenant's: a schema-valid tenant id in the
    # tenant header or in a workspace switch names it, not a made-up one or one of the tenants the
    # platform API makes and lists (schemathesis reuses ids other answers gave), which would only
    # ever be FORBIDDEN (apps/platform/test/partner-api.test.ts tests that refusal). A value of
    # another shape stays: it tests the schema's refusal.
    # The case's headers, and the request's when they are already drawn up from it.
    for headers in (case.headers, (kwargs or {}).get("headers")):
        for name, value in list((headers or {}).items()):
            if name.lower() == "x-service-tenant-id":
                headers[name] = seeded_tenant(value)
    if case.path == "/api/session/workspace" and isinstance(case.body, dict) and "tenantId" in case.body:
        case.body["tenantId"] = seeded_tenant(case.body["tenantId"])
    if case.method.upper() == "GET":
        return
    for name, value in list((case.path_parameters or {}).items()):
        if value in PROTECTED or (case.method.upper() == "DELETE" and value in UNDELETABLE):
            case.path_parameters[name] = ABSENT_ID
    body = case.body if isinstance(case.body, dict) else None
    if ERASE_PATH.search(case.path):
        customer = (case.path_parameters or {}).get("customerId")
        if customer == KEPT_CUSTOMER:
            case.path_parameters["customerId"] = customer = ABSENT_ID
        # The confirmation repeats the path's id; a body of another shape stays as generated.
        if body is not None and isinstance(body.get("confirmCustomerId"), str):
            body["confirmCustomerId"] = customer
    if body is None:
        return
    if case.path.startswith(("/api/blocked-times", "/api/date-overrides", "/v1/blocked-times", "/v1/date-overrides")):
        owner_type, owner_id = body.get("ownerType"), body.get("ownerId")
        if owner_type == "tenant" or owner_id == PROTECTED_STAFF:
            body["ownerType"] = "resource"
            body["ownerId"] = RESOURCE
    elif case.path.startswith(("/api/holidays", "/v1/holidays")) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(body.get("date"))):
        try:
            day = date.fromisoformat(body["date"])
        except ValueError:
            return
        # A day back: the holiday is a date in the tenant's time zone.
        if datetime.now(timezone.utc).date() - timedelta(days=1) <= day <= HORIZON_END:
            body["date"] = day.replace(year=2400).isoformat()
