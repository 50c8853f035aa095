"""Routes of the public sign-up pages (no account)."""

from django.urls import path

from tournament.core.routes import T
from tournament.signup import views as signup

urlpatterns = [
    path(T + "signup/", signup.signup_page, name="signup_page"),
    path(T + "signup/payment-qr.png", signup.payment_qr, name="signup_payment_qr"),
    path(T + "signup/<str:token>/", signup.signup_status, name="signup_status"),
    path(T + "signup/<str:token>/withdraw/", signup.signup_withdraw_view, name="signup_withdraw"),
    path(
        T + "signup/<str:token>/confirm/<str:code>/", signup.signup_confirm, name="signup_confirm"
    ),
]
