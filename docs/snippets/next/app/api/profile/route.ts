import { auth } from "@/lib/auth";

export async function GET(request: Request) {
  const signedIn = await auth.getSession(request);
  if (signedIn === null) return Response.json({ error: "Not authenticated." }, { status: 401 });
  return Response.json({ address: signedIn.address });
}
