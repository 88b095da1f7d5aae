/**
 * A real OpenID Connect provider (oidc-provider) configured as LINE's stand-in for the end-to-end tests:
 * authorization code flow, PKCE required, HS256 ID tokens signed with the channel secret as LINE does.
 * Its development login page accepts any login name, which becomes the LINE user id.
 * Started by playwright.config.ts; never part of the product.
 */
import Provider from "oidc-provider";
import { LINE_STAND_IN } from "./constants.ts";

const issuer = `http://localhost:${LINE_STAND_IN.port}`;
const redirectUri = process.env.LINE_REDIRECT_URI ?? "http://localhost:4310/login/line/auth";

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: LINE_STAND_IN.channelId,
      client_secret: LINE_STAND_IN.channelSecret,
      redirect_uris: [redirectUri],
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "client_secret_post",
      id_token_signed_response_alg: "HS256",
    },
  ],
  enabledJWA: { idTokenSigningAlgValues: ["HS256", "RS256"] },
  pkce: { required: () => true },
  // LINE puts the profile in the ID token.
  conformIdTokenClaims: false,
  claims: { openid: ["sub"], profile: ["name", "picture"], email: ["email"] },
  cookies: { keys: ["e2e-line-stand-in-cookie-key"] },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: `U${id}`, name: `LINE ${id}`, email: `${id}@line.example` };
      },
    };
  },
});

provider.listen(LINE_STAND_IN.port, () => {
  console.log(`LINE stand-in (OIDC) at ${issuer}`);
});
