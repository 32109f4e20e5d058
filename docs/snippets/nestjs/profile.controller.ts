import { Controller, Get, Req, UseGuards } from "@nestjs/common";
import { handlers } from "./auth.js";
import { SignInGuard, type SignedInRequest } from "./sign-in.guard.js";

@Controller("api")
export class ProfileController {
  @Get("profile")
  @UseGuards(new SignInGuard(handlers))
  profile(@Req() req: SignedInRequest) {
    return { address: req.xrpl.address };
  }
}
