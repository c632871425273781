# ruff: noqa: E501 -- allauth's English, byte for byte, as its catalogue keys it
"""Words of Django and django-allauth that our Italian says otherwise than their catalogues.

Django looks a word up in the project's catalogue (LOCALE_PATHS) before an app's or its own, so
marking their English here puts each in locale/it/LC_MESSAGES/django.po with the site's Italian
(the glossary of docs/translations.md); tests/project/test_glossary.py checks that none is
missed. Nothing reads these tuples: they exist to be found by ``manage.py messages``.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

# Django's Italian capitalises months and weekdays ("27 Novembre 2026", "Venerdì"); Italian
# writes them lower-case. These are the names the "F" and "l" of the date formats print
# (django.utils.dates.MONTHS and WEEKDAYS), which every date of the site uses.
CALENDAR_WORDS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
    gettext_noop("Monday"),
    gettext_noop("Tuesday"),
    gettext_noop("Wednesday"),
    gettext_noop("Thursday"),
    gettext_noop("Friday"),
    gettext_noop("Saturday"),
    gettext_noop("Sunday"),
)

# allauth's Italian writes "email"/"Email" (and "mail") where the site writes "e-mail": every
# word of its account pages, forms and messages whose Italian says so.
ALLAUTH_WORDS = (
    gettext_noop("You cannot remove your primary email address."),
    gettext_noop("This email address is already associated with this account."),
    gettext_noop("The email address and/or password you specified are not correct."),
    gettext_noop("A user is already registered with this email address."),
    gettext_noop("You cannot add more than %d email addresses."),
    gettext_noop("The email address is not assigned to any user account."),
    gettext_noop("Your primary email address must be verified."),
    gettext_noop("Marked {email} as verified."),
    gettext_noop("Failed to mark {email} as verified."),
    gettext_noop("Mark selected email addresses as verified"),
    gettext_noop("Email"),
    gettext_noop("Email address"),
    gettext_noop("Username, email or phone"),
    gettext_noop("Username or email"),
    gettext_noop("Email or phone"),
    gettext_noop("Email (again)"),
    gettext_noop("Email address confirmation"),
    gettext_noop("Email (optional)"),
    gettext_noop("email address"),
    gettext_noop("email addresses"),
    gettext_noop("email confirmation"),
    gettext_noop("email confirmations"),
    gettext_noop("Email Verification"),
    gettext_noop("Enter Email Verification Code"),
    gettext_noop("Use a different email address"),
    gettext_noop("Email Addresses"),
    gettext_noop("The following email addresses are associated with your account:"),
    gettext_noop("Add Email Address"),
    gettext_noop("Add Email"),
    gettext_noop("Do you really want to remove the selected email address?"),
    gettext_noop(
        "You are receiving this email because you or someone else tried to signup for an\naccount using email address:\n\n%(email)s\n\nHowever, an account using that email address already exists.  In case you have\nforgotten about this, please use the password forgotten procedure to recover\nyour account:\n\n%(password_reset_url)s"
    ),
    gettext_noop(
        "You are receiving this mail because the following change was made to your account:"
    ),
    gettext_noop("Your email has been changed from %(from_email)s to %(to_email)s."),
    gettext_noop("Email Changed"),
    gettext_noop("Your email has been confirmed."),
    gettext_noop(
        "You're receiving this email because user %(user_display)s has given your email address to register an account on %(site_domain)s."
    ),
    gettext_noop(
        "Your email verification code is listed below. Please enter it in your open browser window."
    ),
    gettext_noop("Please Confirm Your Email Address"),
    gettext_noop("Email address %(deleted_email)s has been removed from your account."),
    gettext_noop("Email Removed"),
    gettext_noop("This mail can be safely ignored if you did not initiate this action."),
    gettext_noop(
        "You're receiving this email because you or someone else has requested a password reset for your user account.\nIt can be safely ignored if you did not request a password reset. Click the link below to reset your password."
    ),
    gettext_noop("Password Reset Email"),
    gettext_noop(
        "You are receiving this email because you, or someone else, tried to access an account with email %(email)s. However, we do not have any record of such an account in our database."
    ),
    gettext_noop("Email Address"),
    gettext_noop("Current email"),
    gettext_noop("Your email address is still pending verification."),
    gettext_noop("Change Email"),
    gettext_noop("Confirm Email Address"),
    gettext_noop(
        'Please confirm that <a href="mailto:%(email)s">%(email)s</a> is an email address for user %(user_display)s.'
    ),
    gettext_noop(
        'This email confirmation link expired or is invalid. Please <a href="%(email_url)s">issue a new email confirmation request</a>.'
    ),
    gettext_noop("You cannot remove your primary email address (%(email)s)."),
    gettext_noop("Confirmation email sent to %(email)s."),
    gettext_noop("You have confirmed %(email)s."),
    gettext_noop("Removed email address %(email)s."),
    gettext_noop("Primary email address set."),
    gettext_noop(
        "Forgotten your password? Enter your email address below, and we'll send you an email allowing you to reset it."
    ),
    gettext_noop(
        "We have sent you an email. If you have not received it please check your spam folder. Otherwise contact us if you do not receive it in a few minutes."
    ),
    gettext_noop(
        "You currently do not have any email address set up. You should really add an email address so you can receive notifications, reset your password, etc."
    ),
    gettext_noop("Verify Your Email Address"),
    gettext_noop(
        "We have sent an email to you for verification. Follow the link provided to finalize the signup process. If you do not see the verification email in your main inbox, check your spam folder. Please contact us if you do not receive the verification email within a few minutes."
    ),
    gettext_noop(
        "This part of the site requires us to verify that\nyou are who you claim to be. For this purpose, we require that you\nverify ownership of your email address. "
    ),
    gettext_noop(
        "We have sent an email to you for\nverification. Please click on the link inside that email. If you do not see the verification email in your main inbox, check your spam folder. Otherwise\ncontact us if you do not receive it within a few minutes."
    ),
    gettext_noop(
        '<strong>Note:</strong> you can still <a href="%(email_url)s">change your email address</a>.'
    ),
)
