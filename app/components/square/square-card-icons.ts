import { MessageCircle, Star } from "lucide-react";
import { iconSprite } from "../ui/icon-sprite";

/** The icons of every square card (usage and favourite star), drawn once by the grid that shows the cards. */
export const squareCardIcons = iconSprite("square-card", { MessageCircle, Star });
