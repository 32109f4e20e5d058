// app/routes/account.ts: a page only a signed-in user sees.
import { redirect, type LoaderFunctionArgs } from "react-router";
import { auth } from "./auth.server.js";

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await auth.getSession(request);
  // redirect() makes a Response; React Router answers a thrown one as it is.
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to end a loader early
  if (signedIn === null) throw redirect("/");
  return { address: signedIn.address };
}
