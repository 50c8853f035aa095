"""The read API against its own OpenAPI schema with schemathesis ("what held, and
must stay tested"): a bounded pass of generated requests, in process through the WSGI app,
anonymous and with a staff token, for made-up and for real events, rounds and pairs.
Every answer must be no server error and conform to the schema (status, content type,
body); the unpublished event answers as a missing one."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from config.wsgi import application
from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.events.api_tokens import token_create
from tournament.models import Round, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

EXAMPLES = 60  # per operation: about 300 requests in all, a few seconds


@pytest.fixture
def api_event(tournament, pairs8, make_round):
    """The event with round 1 published and round 2 locked; a hidden event beside it."""
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    make_round(tournament, pairs8)
    make_round(tournament, pairs8, number=2, status=Round.LOCKED)
    Tournament.objects.create(name="未公开", slug="hidden", organizer=tournament.organizer)
    _token, secret = token_create(tournament=tournament, name="测试", by=user_actor(None))
    return tournament, pairs8[0].pk, secret


@pytest.mark.slow  # some 250 generated requests
def test_generated_requests_meet_the_schema(api_event):
    tournament, pair_id, secret = api_event
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", application)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 6
    statuses: list[int] = []

    for operation in operations:

        @given(case=operation.as_strategy(), real=st.booleans(), staff=st.booleans())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def check(case, real, staff):
            params = case.path_parameters or {}
            if real and "slug" in params:
                params["slug"] = tournament.slug
                params.update(
                    {k: v for k, v in (("number", 1), ("team_id", pair_id)) if k in params}
                )
            # Plain bodies: the WSGI transport does not undo the API's gzip.
            headers = {"Accept-Encoding": "identity"}
            if staff:
                headers["Authorization"] = f"Bearer {secret}"
            statuses.append(case.call_and_validate(headers=headers).status_code)

        check()
    assert len(statuses) >= 250 and 500 not in statuses
    assert statuses.count(200) >= 50 and statuses.count(404) >= 50  # real and made-up both
