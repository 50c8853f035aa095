"""Routes of the laptop's certificate for phones (``guandan serve --https``): last of the
app's, since they are seldom asked (tournament/urls.py)."""

from django.urls import path

from tournament.public import certificate

urlpatterns = [
    path("phone-certificate/", certificate.phone_certificate, name="phone_certificate"),
    path(
        "phone-certificate/guandan-ca.<str:kind>",
        certificate.phone_certificate_file,
        name="phone_certificate_file",
    ),
]
