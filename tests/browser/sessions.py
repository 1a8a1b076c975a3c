"""Browser contexts already signed in, so a test starts where a player would."""

from django.test import Client


def signed_in(browser, live_server, user, *, width: int, height: int, phone: bool = False):
    """Return a page of a new browser context signed in as `user`."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        base_url=live_server.url,
        locale="pl-PL",
        viewport={"width": width, "height": height},
        is_mobile=phone,
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page
