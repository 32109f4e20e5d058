// Where the sign-in routes live, shared by the server (app.mjs) and the page (client/demo.mjs)
// under the names the library gives them: `basePath` holds nonce, verify and signout (the
// server's routes and createHttpAdapter({ basePath }) agree on it), `mePath` is the app's own
// route that says who is signed in.

/** GET `${basePath}/nonce`, POST `${basePath}/verify`, POST `${basePath}/signout`. */
export const basePath = "/api/auth";

/** GET: the signed-in address, or 401. */
export const mePath = "/api/me";
