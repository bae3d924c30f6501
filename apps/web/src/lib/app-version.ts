/** Sent as the `app-version` header; bump with each release of the web app. */
export const APP_VERSION = '0.1.0';
