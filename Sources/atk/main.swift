import ATKCommands

CommandExit.main()
