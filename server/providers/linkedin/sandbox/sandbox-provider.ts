// The sandbox LinkedIn network as a LinkedinProvider: the embedded default, a persistent simulation
// in the database, driven by the injectable clock.
import type { LinkedinProvider } from "../types";
import * as actions from "./actions";
import { sandboxForecastOutcomeModel } from "./forecast-outcome-model";
import * as reading from "./reading";
import * as sessions from "./sessions";

export function createSandboxProvider(options: { publicUrl: () => string }): LinkedinProvider {
  const base = () => options.publicUrl();
  return {
    name: "sandbox",
    connectWithPassword: (input) => sessions.connectWithPassword(input, base()),
    connectWithCookie: (input) => sessions.connectWithCookie(input, base()),
    solveCheckpoint: (id, answer) => sessions.solveCheckpoint(id, answer, base()),
    checkCheckpoint: (id) => sessions.checkCheckpoint(id, base()),
    resendCheckpoint: (id) => sessions.resendCheckpoint(id, base()),
    tryAnotherWay: (id) => sessions.tryAnotherWay(id, base()),
    // Herald hosts the connect page itself for the sandbox.
    createHostedAuthLink: async () => null,
    reconnectWithCookie: (id, input) => sessions.connectWithCookie(input, base(), id),
    reconnectWithPassword: (id, input) => sessions.connectWithPassword(input, base(), id),
    getAccountState: (id) => sessions.getAccountState(id),
    disconnect: (id) => sessions.disconnect(id),
    getProfile: reading.getProfile,
    searchPeople: reading.searchPeople,
    listRecentPosts: reading.listRecentPosts,
    listSentInvitations: reading.listSentInvitations,
    listRelations: reading.listRelations,
    listMessages: reading.listMessages,
    listChats: reading.listChats,
    listChatMessages: reading.listChatMessages,
    getInmailBalance: reading.getInmailBalance,
    visitedProfileSince: reading.visitedProfileSince,
    getSsi: reading.getSsi,
    sendInvitation: actions.sendInvitation,
    withdrawInvitation: actions.withdrawInvitation,
    sendMessage: actions.sendMessage,
    sendInmail: actions.sendInmail,
    visitProfile: actions.visitProfile,
    reactToPost: actions.reactToPost,
    followProfile: actions.followProfile,
    commentOnPost: actions.commentOnPost,
    forecastOutcomeModel: sandboxForecastOutcomeModel,
  };
}
