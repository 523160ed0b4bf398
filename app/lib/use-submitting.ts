import { useNavigation } from "react-router";

/**
 * Whether the form with this `intent` (its hidden input) is the one being submitted, so only its button shows
 * busy — not every form on the page whenever any of them posts.
 */
export function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}
