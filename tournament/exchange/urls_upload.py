"""Routes of the upload: the venue laptop's settings page of an event, and on the
association's server its upload tokens' page and the endpoint the laptops send to."""

from django.urls import path

from tournament.core.routes import T
from tournament.exchange.receive import exchange_upload
from tournament.exchange.views_upload import upload_settings
from tournament.exchange.views_upload_tokens import upload_token_list

urlpatterns = [
    path("api/exchange/", exchange_upload, name="exchange_upload"),
    path("exchange/tokens/", upload_token_list, name="upload_tokens"),
    path(T + "exchange/upload/", upload_settings, name="upload_settings"),
]
