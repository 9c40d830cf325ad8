/** UK days (DESIGN 6): "today" starts at midnight in London, GMT or BST as the date has it. */
export const UK_TIME_ZONE = 'Europe/London';
