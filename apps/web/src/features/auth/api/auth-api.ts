import {
  API_ROUTES,
  messageResponse,
  SIGN_UP_APP_ID,
  signUpResponse,
  userListResponse,
  verifyRecoveryCodeResponse,
  type LoginRequest,
  type PublicUser,
  type UpdateUserRequest,
} from '@questfield/contract';
import { errorCopy } from '@/config/content';
import { api, ApiError } from '@/lib/api-client';

function firstUser(users: PublicUser[]): PublicUser {
  const [user] = users;
  if (!user)
    throw new ApiError(errorCopy.invalidResponse, { status: 200, code: 'INVALID_RESPONSE' });
  return user;
}

/** Checks a `[user]` answer against the contract and returns the user. */
export function parseUserList(data: unknown): PublicUser {
  const parsed = userListResponse.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(errorCopy.invalidResponse, {
      status: 200,
      code: 'INVALID_RESPONSE',
      cause: parsed.error,
    });
  }
  return firstUser(parsed.data);
}

/** The account calls behind the modals; every answer is checked with the contract's schemas. */
export const authApi = {
  login: (body: LoginRequest) =>
    api.post(API_ROUTES.usersLogin.path, body, { schema: userListResponse }).then(firstUser),
  signUp: (body: { username: string; email: string; password: string }) =>
    api
      .post(
        API_ROUTES.usersCreate.path,
        { ...body, appid: SIGN_UP_APP_ID },
        { schema: signUpResponse },
      )
      .then((answer) => firstUser(answer.data)),
  update: (body: UpdateUserRequest) =>
    api.post(API_ROUTES.usersUpdate.path, body, { schema: userListResponse }).then(firstUser),
  requestRecoveryCode: (body: { email: string }) =>
    api.post(API_ROUTES.usersRequestRecoveryCode.path, body, { schema: messageResponse }),
  verifyRecoveryCode: (body: { email: string; code: string }) =>
    api.post(API_ROUTES.usersVerifyRecoveryCode.path, body, { schema: verifyRecoveryCodeResponse }),
  updatePassword: (body: { email: string; password: string; resetToken: string }) =>
    api.post(API_ROUTES.usersUpdatePassword.path, body, { schema: messageResponse }),
};

/** The spec's rule for failures: the server's own message, else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
