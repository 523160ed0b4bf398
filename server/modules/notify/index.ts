/** What other modules may use of notifications: queueing an event for a user's open pages. */
export { pushEvent, pushEvents, sessionEventRows } from "./repo";
