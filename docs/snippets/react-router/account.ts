// app/routes/account.ts: a page only a signed-in user sees.
import type { LoaderFunctionArgs } from "react-router";
import { auth } from "./auth.server.js";

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await auth.getSession(request);
  // What React Router's redirect("/") makes: a thrown Response is answered as it is.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to end a loader early
  if (signedIn === null) throw new Response(null, { status: 302, headers: { Location: "/" } });
  return { address: signedIn.address };
}
