"""Routes of the exchange file (included by ``tournament/urls.py``)."""

from django.urls import path

from tournament.core.routes import T
from tournament.exchange import views as exchange

urlpatterns = [
    path(T + "exchange/results.json", exchange.exchange_download, name="exchange_download"),
]
