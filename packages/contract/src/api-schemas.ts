/**
 * The request and response body of every API route, by route name: the server's `apiRoute()`
 * validates and serialises with these, and the web's typed client sends and checks with the
 * same ones, so the two sides cannot drift. Kept apart from API_ROUTES so that importing the
 * route table never pulls zod into a script that only needs paths.
 */
import type { z } from 'zod';
import {
  deleteAccountRequest,
  emptyRequest,
  getByNameOrEmailRequest,
  loginRequest,
  messageResponse,
  requestRecoveryCodeRequest,
  resetTokenSignInRequest,
  signUpRequest,
  signUpResponse,
  updatePasswordRequest,
  updateUserRequest,
  userListResponse,
  verifyRecoveryCodeRequest,
  verifyRecoveryCodeResponse,
} from './accounts';
import type { ApiRouteName } from './api-routes';
import { seatCalendarRequest, seatCalendarResponse } from './calendar';
import { seatStreamEvent, seatStreamResponse } from './seat-stream';
import { oneClickUnsubscribeRequest, reminderEmailsRequest } from './reminders';
import {
  waitlistAcceptResponse,
  waitlistJoinRequest,
  waitlistSlotRequest,
  waitlistStateResponse,
} from './waitlist';
import {
  cancelRegistrationRequest,
  cancelRegistrationResponse,
  consolePlayerSeatBookResponse,
  consolePlayerSeatCancelResponse,
  consolePlayerSeatRequest,
} from './cancellation';
import { consoleSettingsResponse } from './console-settings';
import { venueDetails } from './venue';
import { consoleGameMessagePreviewResponse, consoleGameMessageResponse } from './game-message';
import {
  consoleApprovalDecideRequest,
  consoleApprovalDecideResponse,
  consoleApprovalsResponse,
  consoleCodeBatchCreateResponse,
  consolePlayerCreditsResponse,
} from './console-approvals';
import { consoleReportRequest, consoleReportResponse } from './console-reports';
import { consoleTodayResponse } from './console-today';
import {
  consoleBookingsWeekRequest,
  consoleBookingsWeekResponse,
  consoleRosterRequest,
  consoleRosterResponse,
} from './console-roster';
import {
  consoleOrderRefundPlan,
  consoleOrderRefundPlanRequest,
  consoleOrderRefundRequest,
  consoleOrderRefundResponse,
  consoleOrdersExportResponse,
  consoleOrdersRequest,
  consoleOrdersResponse,
} from './console-orders';
import {
  codeItem,
  codeRedeemedResponse,
  itemByIdRequest,
  itemByIdResponse,
  itemByNameRequest,
  itemUpdateRequest,
  itemUpdateResponse,
  redeemCodeRequest,
} from './codes';
import {
  accessCodeRequest,
  availableTimesRequest,
  availableTimesResponse,
  checkUserEventRequest,
  checkUserEventResponse,
  dayStatusResponse,
  registerEventRequest,
  registerEventResponse,
  gameByAccessCodeResponse,
  joinByAccessCodeRequest,
  partyClaimRequest,
} from './events';
import { partiesMineResponse, partyInviteRequest, partyInviteResponse } from './parties';
import {
  leaderboardRequest,
  leaderboardResponse,
  myBestsResponse,
  submitResultRequest,
  submitResultResponse,
  validateTicketRequest,
  validateTicketResponse,
} from './games';
import {
  batchCodesPage,
  codeBatchesPage,
  codeBatchRevoked,
  operatorCommand,
  operatorResult,
  scheduleChangeCommand,
  settingsChangeCommand,
  slotChangeCommand,
  moneySettingsCommand,
} from './operator';
import { creditHistoryRequest, creditHistoryResponse } from './credits';
import {
  checkoutRequest,
  checkoutResponse,
  mailCallRequest,
  mailCallResponse,
  ordersListResponse,
  squareWebhookRequest,
  squareWebhookResponse,
} from './orders';
import {
  auditLogExportResponse,
  auditLogFilter,
  auditLogRequest,
  auditLogResponse,
  playerSearchRequest,
  playerSearchResponse,
} from './console';
import {
  consoleCodeBatchCreateRequest,
  consoleCodeBatchesRequest,
  consoleCodeBatchRequest,
  consoleCodeBatchRevokeRequest,
  consoleCodeRevokeRequest,
  consoleCodeRevokeResponse,
} from './console-codes';
import {
  consolePlayerBookingsRequest,
  consolePlayerBookingsResponse,
  consolePlayerCreditHistoryRequest,
  consolePlayerCreditHistoryResponse,
  consolePlayerCreditsRequest,
  consolePlayerDeleteResponse,
  consolePlayerGamePassesResponse,
  consolePlayerListRequest,
  consolePlayerOrdersResponse,
  consolePlayerRedemptionsResponse,
  consolePlayerRequest,
  consolePlayerResponse,
  consolePlayerRoleRequest,
  consolePlayerResultsResponse,
  consolePlayerRoleResponse,
  consolePlayerSignOutResponse,
} from './console-player';
import {
  consoleDayRequest,
  consoleDayResponse,
  consoleSlotAccessCodeRequest,
  consoleClosurePreviewRequest,
  consoleClosurePreviewResponse,
  consoleSlotAccessCodeResponse,
  consoleSlotChangeResponse,
  consoleGameMessagePreviewRequest,
  consoleGameMessageRequest,
  consoleWeekResponse,
} from './console-schedule';
import {
  consoleSessionResponse,
  reauthRequest,
  twoFactorCodeRequest,
  twoFactorEnableResponse,
  twoFactorSetupRequest,
  twoFactorSetupResponse,
  twoFactorVerifyRequest,
} from './two-factor';
import { partnershipApplyRequest, partnershipApplyResponse } from './partnerships';
import { devMailboxResponse, healthResponse, publicConfig } from './schemas';

/** `request` is the JSON body (absent on GET routes); `response` is the 2xx body. */
export type RouteSchemas = {
  request?: z.ZodType;
  response: z.ZodType;
  /** A stream route's events (Server-Sent Events): each event's data. */
  event?: z.ZodType;
};

const noBody = emptyRequest.optional();

export const API_SCHEMAS = {
  health: { response: healthResponse },
  config: { response: publicConfig },
  venue: { response: venueDetails },

  usersCreate: { request: signUpRequest, response: signUpResponse },
  usersLogin: { request: loginRequest, response: userListResponse },
  usersMe: { request: noBody, response: userListResponse },
  usersLogout: { request: noBody, response: messageResponse },
  usersUpdate: { request: updateUserRequest, response: userListResponse },
  usersGetByNameOrEmail: { request: getByNameOrEmailRequest, response: userListResponse },
  usersRequestRecoveryCode: { request: requestRecoveryCodeRequest, response: messageResponse },
  usersVerifyRecoveryCode: {
    request: verifyRecoveryCodeRequest,
    response: verifyRecoveryCodeResponse,
  },
  usersUpdatePassword: { request: updatePasswordRequest, response: messageResponse },
  usersSignInWithResetToken: { request: resetTokenSignInRequest, response: userListResponse },
  usersDelete: { request: deleteAccountRequest, response: messageResponse },
  usersReminderEmails: { request: reminderEmailsRequest, response: userListResponse },
  // The token is the query string's (unsubscribeQuery), read by the handler.
  usersUnsubscribeReminders: { request: oneClickUnsubscribeRequest, response: messageResponse },
  usersCreditHistory: { request: creditHistoryRequest, response: creditHistoryResponse },
  usersRedeemCode: { request: redeemCodeRequest, response: codeRedeemedResponse },

  itemsGameByAccessCode: { request: accessCodeRequest, response: gameByAccessCodeResponse },
  itemsJoinByAccessCode: { request: joinByAccessCodeRequest, response: registerEventResponse },
  itemsGetByName: { request: itemByNameRequest, response: codeItem },
  itemsGetById: { request: itemByIdRequest, response: itemByIdResponse },
  itemsRedeem: { request: itemByNameRequest, response: codeRedeemedResponse },
  itemsUpdate: { request: itemUpdateRequest, response: itemUpdateResponse },

  eventsCalendar: { request: seatCalendarRequest, response: seatCalendarResponse },
  eventsSeatStream: { response: seatStreamResponse, event: seatStreamEvent },
  eventsAvailableTimes: { request: availableTimesRequest, response: availableTimesResponse },
  // The day is the query string's (dayStatusQuery), checked by the route.
  eventsDayStatus: { response: dayStatusResponse },
  eventsRegister: { request: registerEventRequest, response: registerEventResponse },
  eventsCancel: { request: cancelRegistrationRequest, response: cancelRegistrationResponse },
  eventsCheckUserEvent: { request: checkUserEventRequest, response: checkUserEventResponse },
  waitlistMine: { request: noBody, response: waitlistStateResponse },
  waitlistJoin: { request: waitlistJoinRequest, response: waitlistStateResponse },
  waitlistLeave: { request: waitlistSlotRequest, response: waitlistStateResponse },
  waitlistAccept: { request: waitlistSlotRequest, response: waitlistAcceptResponse },
  waitlistDecline: { request: waitlistSlotRequest, response: waitlistStateResponse },
  partiesMine: { request: noBody, response: partiesMineResponse },
  partiesInvite: { request: partyInviteRequest, response: partyInviteResponse },
  partiesClaim: { request: partyClaimRequest, response: registerEventResponse },

  gamesValidateTicket: { request: validateTicketRequest, response: validateTicketResponse },
  gamesSubmitResult: { request: submitResultRequest, response: submitResultResponse },
  gamesLeaderboard: { request: leaderboardRequest, response: leaderboardResponse },
  gamesMyBests: { request: leaderboardRequest, response: myBestsResponse },

  squareCheckout: { request: checkoutRequest, response: checkoutResponse },
  ordersList: { request: noBody, response: ordersListResponse },
  ordersCustomEmail: { request: mailCallRequest, response: mailCallResponse },
  ordersConfirmationEmail: { request: mailCallRequest, response: mailCallResponse },
  squareWebhook: { request: squareWebhookRequest, response: squareWebhookResponse },

  partnershipsApply: { request: partnershipApplyRequest, response: partnershipApplyResponse },

  devMailbox: { response: devMailboxResponse },
  operatorRun: { request: operatorCommand, response: operatorResult },

  consoleSession: { response: consoleSessionResponse },
  consoleTwoFactorSetup: { request: twoFactorSetupRequest, response: twoFactorSetupResponse },
  consoleTwoFactorEnable: { request: twoFactorCodeRequest, response: twoFactorEnableResponse },
  consoleTwoFactorVerify: { request: twoFactorVerifyRequest, response: consoleSessionResponse },
  consoleReauth: { request: reauthRequest, response: consoleSessionResponse },
  consolePlayerSearch: { request: playerSearchRequest, response: playerSearchResponse },
  consolePlayer: { request: consolePlayerRequest, response: consolePlayerResponse },
  consolePlayerCreditHistory: {
    request: consolePlayerCreditHistoryRequest,
    response: consolePlayerCreditHistoryResponse,
  },
  consolePlayerBookings: {
    request: consolePlayerBookingsRequest,
    response: consolePlayerBookingsResponse,
  },
  consolePlayerOrders: { request: consolePlayerListRequest, response: consolePlayerOrdersResponse },
  consolePlayerGamePasses: {
    request: consolePlayerListRequest,
    response: consolePlayerGamePassesResponse,
  },
  consolePlayerRedemptions: {
    request: consolePlayerListRequest,
    response: consolePlayerRedemptionsResponse,
  },
  consolePlayerResults: {
    request: consolePlayerListRequest,
    response: consolePlayerResultsResponse,
  },
  consolePlayerCredits: {
    request: consolePlayerCreditsRequest,
    response: consolePlayerCreditsResponse,
  },
  consolePlayerSignOut: { request: consolePlayerRequest, response: consolePlayerSignOutResponse },
  consolePlayerRole: { request: consolePlayerRoleRequest, response: consolePlayerRoleResponse },
  consolePlayerDelete: { request: consolePlayerRequest, response: consolePlayerDeleteResponse },
  consolePlayerSeatCancel: {
    request: consolePlayerSeatRequest,
    response: consolePlayerSeatCancelResponse,
  },
  consolePlayerSeatBook: {
    request: consolePlayerSeatRequest,
    response: consolePlayerSeatBookResponse,
  },
  consoleOrders: { request: consoleOrdersRequest, response: consoleOrdersResponse },
  // The filter is the query string's (consoleOrdersFilter), checked by the route.
  consoleOrdersExport: { response: consoleOrdersExportResponse },
  consoleOrderRefundPlan: {
    request: consoleOrderRefundPlanRequest,
    response: consoleOrderRefundPlan,
  },
  consoleOrderRefund: { request: consoleOrderRefundRequest, response: consoleOrderRefundResponse },
  consoleAuditLog: { request: auditLogRequest, response: auditLogResponse },
  consoleAuditLogExport: { request: auditLogFilter, response: auditLogExportResponse },
  consoleDay: { request: consoleDayRequest, response: consoleDayResponse },
  consoleSlotChange: { request: slotChangeCommand, response: consoleSlotChangeResponse },
  consoleWeek: { response: consoleWeekResponse },
  consoleWeekChange: { request: scheduleChangeCommand, response: operatorResult },
  consoleSettings: { response: consoleSettingsResponse },
  consoleSettingsChange: { request: settingsChangeCommand, response: operatorResult },
  consoleStaffCreditLimit: { request: moneySettingsCommand, response: operatorResult },
  consoleClosurePreview: {
    request: consoleClosurePreviewRequest,
    response: consoleClosurePreviewResponse,
  },
  consoleGameMessagePreview: {
    request: consoleGameMessagePreviewRequest,
    response: consoleGameMessagePreviewResponse,
  },
  consoleGameMessageSend: {
    request: consoleGameMessageRequest,
    response: consoleGameMessageResponse,
  },
  consoleSlotAccessCode: {
    request: consoleSlotAccessCodeRequest,
    response: consoleSlotAccessCodeResponse,
  },
  consoleCodeBatches: { request: consoleCodeBatchesRequest, response: codeBatchesPage },
  consoleCodeBatch: { request: consoleCodeBatchRequest, response: batchCodesPage },
  consoleCodeBatchCreate: {
    request: consoleCodeBatchCreateRequest,
    response: consoleCodeBatchCreateResponse,
  },
  consoleCodeRevoke: { request: consoleCodeRevokeRequest, response: consoleCodeRevokeResponse },
  consoleCodeBatchRevoke: { request: consoleCodeBatchRevokeRequest, response: codeBatchRevoked },
  consoleToday: { response: consoleTodayResponse },
  consoleRoster: { request: consoleRosterRequest, response: consoleRosterResponse },
  consoleBookingsWeek: {
    request: consoleBookingsWeekRequest,
    response: consoleBookingsWeekResponse,
  },
  consoleReport: { request: consoleReportRequest, response: consoleReportResponse },
  consoleApprovals: { response: consoleApprovalsResponse },
  consoleApprovalDecide: {
    request: consoleApprovalDecideRequest,
    response: consoleApprovalDecideResponse,
  },
} as const satisfies Partial<Record<ApiRouteName, RouteSchemas>>;

/** Routes that have a handler (and so schemas) today. */
export type ImplementedRoute = keyof typeof API_SCHEMAS;

type SchemasOf<N extends ImplementedRoute> = (typeof API_SCHEMAS)[N];

/** What a caller sends: the request schema's input (void for GET routes). */
export type ApiRequest<N extends ImplementedRoute> =
  SchemasOf<N> extends { request: infer R extends z.ZodType } ? z.input<R> : void;

/** What a caller gets back on success: the response schema's output. */
export type ApiResponse<N extends ImplementedRoute> = z.output<SchemasOf<N>['response']>;

/** Routes that answer with a stream of events (watched with the web's `watchApi`). */
export type StreamRoute = {
  [N in ImplementedRoute]: SchemasOf<N> extends { event: z.ZodType } ? N : never;
}[ImplementedRoute];

/** One event's data on a stream route: the event schema's output. */
export type ApiStreamEvent<N extends StreamRoute> =
  SchemasOf<N> extends { event: infer E extends z.ZodType } ? z.output<E> : never;
