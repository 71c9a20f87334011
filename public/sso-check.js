// The single sign-on session check lands here in a hidden frame and reports the authorisation server's
// answer (code or error) to the portal that opened the frame. Same origin only.
window.parent.postMessage({ type: 'portal-sso-check', search: window.location.search }, window.location.origin);
