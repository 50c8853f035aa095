"""The stand-in app of bench/nginx_stall.py: a 118 KB page that nginx may keep for a second."""

BODY = (b"<p>" + b"x" * 60 + b"</p>\n") * 1800


def application(environ, start_response):
    start_response(
        "200 OK",
        [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Length", str(len(BODY))),
            ("Cache-Control", "public, max-age=1, stale-while-revalidate=1"),
        ],
    )
    return [BODY]
