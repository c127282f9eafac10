// The one script of the light account pages (/signin, /signup, /setup; lib/account-pages): it
// submits their forms. Sign-in goes through next-auth's own endpoints (GET /api/auth/csrf, then
// the credentials callback as a form with json=true), as lib/client/auth-client.ts does for the
// dashboard; setup and sign-up POST JSON to our API, then sign in. After signing in the
// destination is loaded as a whole page: nothing the browser fetched signed out may be reused.
// Single sign-on buttons are plain forms posting to next-auth's signin/<provider>, which redirects
// to the provider: this fills in their CSRF token first. "Choose a username" POSTs JSON to
// /api/account/sso-signup, whose answer signs the browser in.
"use strict";

(function () {
  var NETWORK = "Could not reach the server. Check your connection.";

  function csrfToken() {
    return fetch("/api/auth/csrf", { credentials: "same-origin", cache: "no-store" })
      .then(function (res) { return res.json(); })
      .then(function (body) { return body.csrfToken; });
  }

  /** Resolves with null when signed in, else a sentence for the person. */
  function signIn(email, password) {
    return csrfToken().then(function (token) {
      var body = new URLSearchParams({ csrfToken: token, email: email, password: password, json: "true" });
      return fetch("/api/auth/callback/credentials", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body,
      });
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        // 429: too many failed attempts; the server's message says when to try again.
        if (res.status === 429) return body.message || "Too many failed sign-in attempts. Try again later.";
        // A refused sign-in: next-auth answers 401 (json=true) with the error page's URL.
        var error = body.url ? new URL(body.url, window.location.origin).searchParams.get("error") : null;
        if (res.status === 401 || error) return "Wrong email or password.";
        if (!res.ok) return "The server failed (" + res.status + "). Try again in a moment.";
        return null;
      });
    });
  }

  function fieldsOf(form) {
    var values = {};
    Array.prototype.forEach.call(form.querySelectorAll("input[name]"), function (input) {
      values[input.name] = input.name === "password" ? input.value : input.value.trim();
    });
    return values;
  }

  function clearErrors(form) {
    Array.prototype.forEach.call(form.querySelectorAll("input[name]"), function (input) { setFieldError(form, input.name, null); });
    showFormError(form, null);
  }

  function setFieldError(form, name, message) {
    var input = form.querySelector('input[name="' + name + '"]');
    if (!input) return false;
    var error = document.getElementById(input.id + "-error");
    var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(function (id) { return id && id !== error.id; });
    if (message) {
      error.textContent = message;
      error.hidden = false;
      input.setAttribute("aria-invalid", "true");
      described.push(error.id);
    } else {
      error.textContent = "";
      error.hidden = true;
      input.removeAttribute("aria-invalid");
    }
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
    return true;
  }

  function showFormError(form, message) {
    var error = form.querySelector("[data-form-error]");
    error.textContent = message || "";
    error.hidden = !message;
  }

  function busy(form, label) {
    var button = form.querySelector('button[type="submit"]');
    if (!button.dataset.label) button.dataset.label = button.textContent;
    button.disabled = Boolean(label);
    button.textContent = label || button.dataset.label;
  }

  // The API's refusals that belong to one field of the form.
  var FIELD_OF = { "Invalid setup code": "code", "Username taken": "username", "Email already registered": "email" };

  function explain(form, status, body) {
    var named = false;
    (body.issues || []).forEach(function (issue) {
      if (issue.path && issue.path[0] && setFieldError(form, issue.path[0], issue.message)) named = true;
    });
    if (!named && FIELD_OF[body.error]) named = setFieldError(form, FIELD_OF[body.error], body.error);
    if (named) {
      var first = form.querySelector('[aria-invalid="true"]');
      if (first) first.focus();
      return;
    }
    if (status === 429) showFormError(form, body.message || "Too many attempts. Wait a moment and try again.");
    else if (status >= 500) showFormError(form, "The server failed. Try again in a moment.");
    else showFormError(form, body.error || "Something went wrong (" + status + ").");
  }

  function onSignIn(form) {
    var values = fieldsOf(form);
    busy(form, "Signing in…");
    signIn(values.email, values.password).then(function (failure) {
      if (failure) {
        busy(form, null);
        showFormError(form, failure);
        return;
      }
      window.location.assign(form.dataset.callback || "/dashboard");
    }, function () {
      busy(form, null);
      showFormError(form, NETWORK);
    });
  }

  // An invitation's "Join <project>" (TEAMS.md): accept as the signed-in account, then open it.
  function onAccept(form) {
    busy(form, "Joining…");
    fetch("/api/invitations/accept", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: form.dataset.invitation }),
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (res.status !== 200) {
          busy(form, null);
          explain(form, res.status, body);
          return;
        }
        window.location.assign(form.dataset.next || "/dashboard");
      });
    }).catch(function () {
      busy(form, null);
      showFormError(form, NETWORK);
    });
  }

  function onCreateAccount(form) {
    var values = fieldsOf(form);
    // The invitation's sign-up carries its token; the account then opens the project it joined.
    if (form.dataset.invitation) values.invitation = form.dataset.invitation;
    busy(form, "Creating account…");
    fetch(form.dataset.form === "setup" ? "/api/account/setup" : "/api/account/signup", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(values),
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        if (res.status !== 201) {
          busy(form, null);
          explain(form, res.status, body);
          return;
        }
        return signIn(values.email, values.password).then(function (failure) {
          window.location.assign(failure ? "/signin" : form.dataset.next || "/dashboard");
        });
      });
    }).catch(function () {
      busy(form, null);
      showFormError(form, NETWORK);
    });
  }

  function onSingleSignOn(form) {
    var button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    csrfToken().then(function (token) {
      form.querySelector('input[name="csrfToken"]').value = token;
      form.submit(); // a real navigation: next-auth answers with the redirect to the provider
    }, function () {
      button.disabled = false;
      var signInForm = document.querySelector('form[data-form="sign-in"]');
      if (signInForm) showFormError(signInForm, NETWORK);
    });
  }

  // Back from the provider's page (the browser's back-forward cache keeps the page as it was left).
  window.addEventListener("pageshow", function () {
    Array.prototype.forEach.call(document.querySelectorAll('form[data-form="sso"] button'), function (button) { button.disabled = false; });
  });

  function onChooseUsername(form) {
    var values = fieldsOf(form);
    busy(form, "Creating account…");
    fetch("/api/account/sso-signup", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: values.username }),
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        // Signed in; or the identity's 15 minutes are over (or it was never here): start again.
        var expired = body.error === "No single sign-on in progress";
        if (res.status === 201 || expired) return window.location.assign(expired ? "/signin?error=SsoExpired" : "/dashboard");
        busy(form, null);
        explain(form, res.status, body);
      });
    }).catch(function () {
      busy(form, null);
      showFormError(form, NETWORK);
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-form]"), function (form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.form === "sso") {
        event.preventDefault();
        if (!form.querySelector('button[type="submit"]').disabled) onSingleSignOn(form);
        return;
      }
      event.preventDefault();
      if (form.querySelector('button[type="submit"]').disabled) return;
      clearErrors(form);
      if (form.dataset.form === "sign-in") onSignIn(form);
      else if (form.dataset.form === "choose-username") onChooseUsername(form);
      else if (form.dataset.form === "accept") onAccept(form);
      else onCreateAccount(form);
    });
  });
})();
