import { cookies } from "next/headers";
import { auth } from "@/lib/auth";

/** The signed-in session in a server component or server action, which get no Request. */
export async function currentSession() {
  const cookie = (await cookies()).toString();
  return auth.getSession(new Request("http://localhost/", { headers: { cookie } }));
}
