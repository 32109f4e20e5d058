import { auth } from "@/lib/auth";

export async function GET(request: Request) {
  const session = await auth.getSession(request);
  if (session === null) return Response.json({ error: "Not authenticated." }, { status: 401 });
  return Response.json({ address: session.address });
}
