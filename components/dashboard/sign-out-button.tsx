"use client";

import { signOut } from "@/lib/client/auth-client";
import { Button } from "../ui/button";

export function SignOutButton() {
  return (
    <Button size="sm" variant="secondary" onClick={() => void signOut()}>
      Sign out
    </Button>
  );
}
