export { GardenDesignForm } from "./garden-design-form";
