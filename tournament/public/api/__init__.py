"""The read API (``/api/v1/``): JSON for big screens, mini-programs and other sites.

Built with django-ninja; the OpenAPI schema is at ``/api/v1/openapi.json`` and its docs
page at ``/api/v1/docs`` (Swagger UI from the app's own static files, no CDN).
"""
