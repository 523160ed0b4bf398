/** What other modules may use of scheduled tasks: the HTTP routes and the chat tool that creates a task. */
export { taskRoutes } from "./routes";
