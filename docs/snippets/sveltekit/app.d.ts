import type { SignedInSession } from "sign-in-with-xrpl";

declare global {
  namespace App {
    interface Locals {
      xrpl: SignedInSession | null;
    }
  }
}

export {};
