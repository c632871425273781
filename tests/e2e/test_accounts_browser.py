"""Signing up in a real browser: the form, the verification link, signing in, the header."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 375])
def test_sign_up_confirm_by_link_sign_in(browser, live_server, width: int) -> None:  # type: ignore[no-untyped-def]
    from django.core import mail
    from playwright.sync_api import expect

    from tests.accounts.conftest import PASSWORD, link_in

    viewport = {"width": width, "height": 800}
    signup = browser.new_context(viewport=viewport).new_page()
    signup.goto(f"{live_server.url}/builder/")
    signup.click(".site-header >> text=Sign up")
    signup.fill("#id_email", "balck@example.org")
    signup.fill("#id_username", "balck")
    signup.fill("#id_password1", PASSWORD)
    signup.fill("#id_password2", PASSWORD)
    signup.click("form.account-form button[type=submit]")
    signup.wait_for_url(f"{live_server.url}/accounts/confirm-email/")
    expect(signup.locator("h1")).to_have_text("Verify Your Email Address")
    expect(signup.locator(".site-header")).to_contain_text("Sign in")

    # The e-mail (printed on the console in development) is opened on another device.
    assert [m.to for m in mail.outbox] == [["balck@example.org"]]
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(live_server.url + link_in(mail.outbox[0]))
    expect(page.locator("main")).to_contain_text("balck@example.org")
    page.click("form.account-form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/accounts/login/")
    expect(page.locator(".messages")).to_contain_text("You have confirmed balck@example.org.")

    page.fill("#id_login", "balck")
    page.fill("#id_password", PASSWORD)
    page.click("form.account-form button[type=submit]")
    # Confirmed on another device, so the page sign-up began on is not known there: home.
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/builder/")
    name = page.locator(".site-header .account-name")
    expect(name).to_have_text("balck")
    expect(name).to_be_in_viewport()
    expect(page.locator(".site-header button", has_text="Sign out")).to_be_visible()
    expect(page.locator("#save-force")).to_be_visible()
    # The header, name and sign-out included, fits the screen.
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.site-header *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= width
