import { createContext, type ReactNode, useContext } from 'react';

/**
 * Places where one feature shows another's part, filled by the app (client/app), so features never import each
 * other: after a recipe is saved, the recipes wizard offers to put it on an oven (the ovens feature draws that).
 */
export interface SavedRecipe {
  id: number;
  name: string;
  oven_type: string;
}

const AssignRecipeSlot = createContext<((recipe: SavedRecipe) => ReactNode) | null>(null);

export const AssignRecipeProvider = AssignRecipeSlot.Provider;

/** What the app put in the "assign this recipe to an oven" place, or null when nothing was. */
export function useAssignRecipeSlot() {
  return useContext(AssignRecipeSlot);
}
